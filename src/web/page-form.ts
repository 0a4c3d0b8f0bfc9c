import { Body, type PipeTransform } from '@nestjs/common';
import { readForm, type CheckedForm } from './form-dto';

/**
 * Reads a page's posted body (urlencoded or multipart) by a form DTO whose fields carry
 * {@link Text}, {@link Int}, {@link Flag} or {@link Raw}. It never refuses: a page shows the form
 * again with each field's problem, so the handler decides the status.
 */
export class PageFormPipe<T> implements PipeTransform<unknown, CheckedForm<T>> {
  constructor(private readonly dto: new () => T) {}

  transform(body: unknown): CheckedForm<T> {
    return readForm(this.dto, body);
  }
}

/** The posted body of a page's form, read by its DTO (`@PageForm(AddPlayerForm) form`). */
export function PageForm<T>(dto: new () => T): ParameterDecorator {
  return Body(new PageFormPipe(dto));
}
