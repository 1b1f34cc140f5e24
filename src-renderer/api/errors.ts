/** One field error from the server. */
export interface FieldError {
  error_field: string;
  error_msg: string;
}

/** A failed API call, with Answer's envelope fields. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Field errors when the server sent a list. */
  get fieldErrors(): FieldError[] {
    return Array.isArray(this.data) ? (this.data as FieldError[]).filter((f) => f && typeof f.error_field === 'string') : [];
  }

  /** The 403 page type (inactive, suspended, url_expired) if any. */
  get pageType(): string | undefined {
    const d = this.data as { type?: unknown } | null;
    return d && typeof d.type === 'string' ? d.type : undefined;
  }

  /** How the server wants the error shown: toast, alert or modal. */
  get errType(): string | undefined {
    const d = this.data as { err_type?: unknown } | null;
    return d && typeof d.err_type === 'string' ? d.err_type : undefined;
  }
}

/** Field errors as a map for forms. */
export function fieldMap(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  return Object.fromEntries(err.fieldErrors.map((f) => [f.error_field, f.error_msg]));
}

/** Whether the server refused the captcha code (the captcha dialog then asks again). */
export function isCaptchaError(err: unknown): err is ApiError {
  return err instanceof ApiError && err.reason === 'error.object.captcha_verification_failed';
}

/** In a form's submit behind the captcha: hands a captcha refusal back to the dialog; other errors stay with the form. */
export function rethrowIfCaptcha(err: unknown): void {
  if (isCaptchaError(err)) throw err;
}
