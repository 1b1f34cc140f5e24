// electronegativity's online lookups (updated translations; the Electron release list behind
// AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK) go through `got`. Lantern's checks run offline, where each
// lookup waited for its timeouts and retries (about 10 s of the scan's 12) and then fell back to what
// the tool ships with. This stand-in fails every request at once, so the same fallbacks run now.
const offline = () => Promise.reject(new Error('offline: electronegativity runs without network lookups here'));
module.exports = Object.assign(offline, { default: offline, head: offline, get: offline });
