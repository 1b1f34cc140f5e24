import { X509Certificate } from 'node:crypto';

/** The part of Electron's Certificate the check reads: its PEM text. */
export interface CertificateLike {
  data: string;
}

/** The SHA-256 fingerprint of a PEM certificate, colon-separated upper-case hex (as the server prints it); null if it does not parse. */
export function fingerprintOfPem(pem: string): string | null {
  try {
    return new X509Certificate(pem).fingerprint256;
  } catch {
    return null;
  }
}

/**
 * The window's trust in its own server's HTTPS certificate: a self-signed one is refused by Chromium,
 * so the shell accepts exactly the certificate whose SHA-256 fingerprint the server reported when it
 * was ready, and only for the server's origin. Anything else keeps Chromium's refusal.
 * For app.on('certificate-error', ...).
 */
export function trustOwnServer(current: () => { origin: string | null; fingerprint: string | null }) {
  return (
    event: { preventDefault(): void },
    _webContents: unknown,
    url: string,
    _error: string,
    certificate: CertificateLike,
    callback: (trusted: boolean) => void,
  ): void => {
    const { origin, fingerprint } = current();
    let requestOrigin: string | null = null;
    try {
      requestOrigin = new URL(url).origin;
    } catch {
      /* not a URL: not ours */
    }
    if (origin && fingerprint && requestOrigin === origin && fingerprintOfPem(certificate.data) === fingerprint) {
      event.preventDefault();
      callback(true);
      return;
    }
    callback(false);
  };
}
