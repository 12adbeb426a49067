import type { ErrorBody, ErrorCode } from '../../contract/errors';

/** An answer other than success, in the shape of docs/decisions.md#errors. Thrown by services and
 * routes. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: ErrorCode,
    message: string,
    readonly extra: Omit<ErrorBody, 'message' | 'error_code'> = {},
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { message: this.message, error_code: this.errorCode, ...this.extra };
  }

  static validation(field: string, detail: string): ApiError {
    return new ApiError(400, 'validation_failure', `Validation failed: ${field ? `${field}: ` : ''}${detail}`, { field });
  }
  /** A shared rule of contract/rules refused a field: the console maps `problem` to its message. */
  static rule(field: string, problem: string): ApiError {
    return new ApiError(400, 'validation_failure', `Validation failed: ${field}: ${problem}`, { field, problem });
  }
  static forbidden(message = 'This account may not do that'): ApiError {
    return new ApiError(403, 'forbidden', message);
  }
  static notFound(message = 'Not found'): ApiError {
    return new ApiError(404, 'not_found', message);
  }
}
