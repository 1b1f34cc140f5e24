import type { NextFunction, Request } from 'express';
/** One field error as Answer sends it. */
export interface FieldError {
  error_field: string;
  error_msg: string;
}

/** A field error before translation: the message key and its parameters. */
export interface FieldIssue {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

/** An expected failure: an HTTP status, Answer's reason key and optional data. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly data: unknown = null,
    readonly fields: FieldIssue[] = [],
    readonly params: Record<string, string | number> = {},
  ) {
    super(reason);
    this.name = 'AppError';
  }
}

/** 400 with a reason key; `fields` become the [{error_field, error_msg}] list. */
export function badRequest(reason = 'base.request_format_error', fields: FieldIssue[] = [], data: unknown = null): AppError {
  return new AppError(400, reason, data, fields);
}

/** 400 for one field, the reason's own message shown on it. */
export function fieldError(reason: string, field: string, params?: Record<string, string | number>): AppError {
  return new AppError(400, reason, null, [{ field, key: reason, params }], params ?? {});
}

/** 401: no valid session. */
export function unauthorized(): AppError {
  return new AppError(401, 'base.unauthorized_error');
}

/** 403 with a reason and optional data such as {type: 'inactive'}. */
export function forbidden(reason = 'base.forbidden_error', data: unknown = null, params: Record<string, string | number> = {}): AppError {
  return new AppError(403, reason, data, [], params);
}

/** 404 with a reason key. */
export function notFound(reason = 'base.not_found'): AppError {
  return new AppError(404, reason);
}

/** 403 answers that tell the UI which page to show. */
export const inactiveError = () => forbidden('error.email.need_to_be_verified', { type: 'inactive' });
export const suspendedError = () => forbidden('error.user.suspended', { type: 'suspended' });
export const urlExpiredError = () => forbidden('error.email.verify_url_expired', { type: 'url_expired' });

/**
 * Refuses a request before its body is stored: the body is read and dropped, so the client hears
 * the error instead of a connection reset, and `next(err)` runs once.
 */
export function refuseUnreadBody(req: Request, next: NextFunction, err: unknown): void {
  let answered = false;
  const answer = () => {
    if (answered) return;
    answered = true;
    next(err);
  };
  req.on('end', answer);
  req.on('close', answer);
  req.resume();
}
