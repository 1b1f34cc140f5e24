import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { translate } from '../contract/messages/index.js';
import { requestLanguage, sendEnvelope } from './envelope.js';
import { AppError, type FieldError } from './errors.js';

function fieldLabel(lang: ReturnType<typeof requestLanguage>, field: string): string {
  const key = `field.${field}`;
  const label = translate(lang, key);
  if (label !== key) return label;
  const plain = field.replace(/_/g, ' ');
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}

/** Translates an AppError's field issues into Answer's error list. */
export function translateFields(req: Request, err: AppError): FieldError[] {
  const lang = requestLanguage(req);
  return err.fields.map((f) => ({
    error_field: f.field,
    error_msg: translate(lang, f.key, { label: fieldLabel(lang, f.field), ...(f.params ?? {}) }),
  }));
}

/** The one place every error becomes an envelope; unexpected errors are logged and hidden. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const lang = requestLanguage(req);
    if (err instanceof AppError) {
      const fields = translateFields(req, err);
      const msg = fields.length === 1 ? fields[0].error_msg : translate(lang, err.reason, err.params);
      sendEnvelope(res, err.status, err.reason, msg, fields.length > 0 ? fields : err.data);
      return;
    }
    // body-parser and similar errors carry a status and an `expose` flag
    const status = typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : 500;
    if (status === 413) {
      sendEnvelope(res, 413, 'base.payload_too_large', translate(lang, 'base.payload_too_large'), null);
      return;
    }
    if (status === 404) {
      sendEnvelope(res, 404, 'base.not_found', translate(lang, 'base.not_found'), null);
      return;
    }
    if (status >= 400 && status < 500) {
      sendEnvelope(res, 400, 'base.request_format_error', translate(lang, 'base.request_format_error'), null);
      return;
    }
    logger.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
    sendEnvelope(res, 500, 'base.unknown', translate(lang, 'base.unknown'), null);
  };
}

/** Unknown API routes: 404 in the envelope (the reference serves the SPA instead). */
export const apiNotFound: RequestHandler = (req, res) => {
  sendEnvelope(res, 404, 'base.not_found', translate(requestLanguage(req), 'base.not_found'), null);
};
