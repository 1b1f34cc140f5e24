import type { Request, Response } from 'express';
import { languageFromHeader, type LanguageCode } from '../contract/languages.js';
import { translate } from '../contract/messages/index.js';

/** The success envelope as ok() writes it. */
export interface Envelope<D> {
  code: number;
  reason: string;
  msg: string;
  data: D;
}

/** The language of a request, as the reference reads Accept-Language. */
export function requestLanguage(req: Request): LanguageCode {
  return languageFromHeader(req.get('accept-language'));
}

/**
 * Writes the success envelope. On a route of the endpoint map (server/http/typed-router.ts) `res`
 * carries the endpoint's data type, and `data` must be of it.
 */
export function ok<D>(res: Response<Envelope<D>>, data: NoInfer<D> = null as NoInfer<D>): void {
  const lang = requestLanguage(res.req);
  res.status(200).json({ code: 200, reason: 'base.success', msg: translate(lang, 'base.success'), data: (data ?? null) as D });
}

/** Writes any envelope; used by the error handler and the 404 route. */
export function sendEnvelope(res: Response, code: number, reason: string, msg: string, data: unknown): void {
  res.status(code).json({ code, reason, msg, data: data ?? null });
}
