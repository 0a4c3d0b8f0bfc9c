import { ArgumentMetadata, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';
import * as classTransformer from 'class-transformer';
import * as classValidator from 'class-validator';
import { getMetadataStorage, ValidationError, ValidationTypes } from 'class-validator';
import type { ValidatorOptions } from 'class-validator';
import { BadInput } from '../errors';

type Class = abstract new (...args: never[]) => unknown;

/** A check that takes only bodies the whole validation takes as they are: see {@link TakenAsIs}. */
export type AsIsCheck = (body: Record<string, unknown>) => boolean;

const asIsChecks = new WeakMap<object, AsIsCheck>();

/**
 * A DTO whose commonest body is recognised by a cheap check: a body the check takes becomes the
 * DTO at once (as class-transformer would make it: a new instance, the body's properties copied),
 * without class-validator; every other body goes the whole way, so a refusal is the same 400
 * with the same messages. The check must take nothing that the whole validation refuses or
 * changes (no unknown, null or stripped property): test/e2e/results/typed-result-body.e2e-spec.ts
 * sends generated bodies both ways for EnterResultDto.
 */
export function TakenAsIs(check: AsIsCheck): ClassDecorator {
  return (target) => {
    asIsChecks.set(target, check);
  };
}

/** The DTO made at once from a body its {@link TakenAsIs} check takes, else undefined. */
export function takenAsIs(metatype: unknown, value: unknown): object | undefined {
  if (typeof metatype !== 'function' || value === null || typeof value !== 'object') return;
  if (Object.getPrototypeOf(value) !== Object.prototype) return;
  const check = asIsChecks.get(metatype);
  if (!check?.(value as Record<string, unknown>)) return;
  return Object.assign(new (metatype as new () => object)(), value);
}

const optionalCache = new Map<Class, Set<string>>();

/** The properties of a DTO marked `@IsOptional()`, which class-validator skips when null. */
function optionalProperties(target: Class): Set<string> {
  let found = optionalCache.get(target);
  if (!found) {
    const metadata = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
    found = new Set(
      metadata
        .filter((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION && m.name === 'isOptional')
        .map((m) => m.propertyName),
    );
    optionalCache.set(target, found);
  }
  return found;
}

/** The OpenAPI document says the property takes null (`@ApiProperty({ nullable: true })`). */
function documentedNullable(target: Class, property: string): boolean {
  const meta = Reflect.getMetadata(
    DECORATORS.API_MODEL_PROPERTIES,
    target.prototype as object,
    property,
  ) as { nullable?: boolean } | undefined;
  return meta?.nullable === true;
}

/**
 * The nulls of a validated DTO (nested DTOs included) where its class takes
 * none: `@IsOptional()` lets a property be left out, and class-validator
 * then skips null as well, which would reach a service (and the database, as
 * a where-condition of null) unchecked. Null passes only where the OpenAPI
 * document says the property is nullable (a player's club: null clears it).
 */
export function nullsNotTaken(value: unknown, path = ''): ValidationError[] {
  const errors: ValidationError[] = [];
  const walk = (v: unknown, at: string, depth: number) => {
    if (depth > 16 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${at}${at ? '.' : ''}${i}`, depth + 1));
      return;
    }
    const target = v.constructor as Class | undefined;
    if (!target || target === Object) return;
    const optional = optionalProperties(target);
    for (const [key, item] of Object.entries(v)) {
      const field = `${at}${at ? '.' : ''}${key}`;
      if (item === null) {
        if (optional.has(key) && !documentedNullable(target, key)) {
          const error = new ValidationError();
          error.property = field;
          error.value = null;
          error.constraints = {
            notNull: `${field} must not be null (leave it out instead)`,
          };
          errors.push(error);
        }
      } else walk(item, field, depth + 1);
    }
  };
  walk(value, path, 0);
  return errors;
}

/** `property "" should not exist`: a property name that is not a word is quoted, so it shows. */
function quoteUnknownName(error: ValidationError): void {
  const c = error.constraints;
  if (c?.whitelistValidation !== undefined && !/^[A-Za-z_$][\w$]*$/.test(error.property)) {
    c.whitelistValidation = `property ${JSON.stringify(error.property)} should not exist`;
  }
  error.children?.forEach(quoteUnknownName);
}

/** The global validation's options (src/app.ts). */
export const API_VALIDATION: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  errorHttpStatusCode: 400,
  // Given, not left for NestJS to import(): that parses both packages again as ES modules.
  validatorPackage: classValidator,
  transformerPackage: classTransformer,
};

/**
 * The global validation: Nest's ValidationPipe, and two refusals it lacks,
 * both a 400 naming what is wrong: a JSON list where a route takes an
 * object (class-validator would name the list's items as unknown
 * properties), and null where the document allows none ({@link nullsNotTaken}).
 */
export class ApiValidationPipe extends ValidationPipe {
  constructor(options: ValidationPipeOptions) {
    super(options);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body') {
      const dto = takenAsIs(metadata.metatype, value);
      if (dto) return dto;
    }
    if (
      metadata.type === 'body' &&
      Array.isArray(value) &&
      typeof metadata.metatype === 'function'
    ) {
      if (this.toValidate(metadata)) {
        throw new BadInput('BAD_BODY', 'the request body must be a JSON object, not a list');
      }
    }
    return super.transform(value, metadata);
  }

  protected override async validate(
    object: object,
    validatorOptions?: ValidatorOptions,
  ): Promise<ValidationError[]> {
    const errors = await super.validate(object, validatorOptions);
    for (const error of errors) quoteUnknownName(error);
    return [...nullsNotTaken(object), ...errors];
  }
}
