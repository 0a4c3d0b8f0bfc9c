import { ArgumentMetadata, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';
import { getMetadataStorage, ValidationError, ValidationTypes } from 'class-validator';
import type { ValidatorOptions } from 'class-validator';
import { BadInput } from '../errors';

type Class = abstract new (...args: never[]) => unknown;

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
