/** Whether this page can run altcha's proof of work: browsers give WebCrypto only to secure contexts (HTTPS, localhost). */
export function canRunAltcha(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext === true && !!globalThis.crypto?.subtle;
}
