// External login: what other modules may use of this module's data (as Apache Answer's user_external_login
// service). Other modules call these, never ./external-login.repository.ts itself (lint: lantern/module-boundaries).
// It sits below user (whose activation link makes a binding the connector left in the code) and connector (which
// signs in with and binds platform accounts), and imports neither.
export {
  allExternalLogins,
  deleteExternalLogin,
  deleteUsersExternalLogins,
  findExternalLogin,
  saveExternalLogin,
  userExternalLogins,
  type ExternalLogin,
} from './external-login.repository.js';
