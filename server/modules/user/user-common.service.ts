// User: what other modules may use of this module's data (as Apache Answer's user_common service).
// Other modules call these, never ./user.repository.ts or ./email-code.repository.ts themselves (lint:
// lantern/module-boundaries), so the module keeps its tables to itself and the list below is all it promises.
export {
  findUserById,
  findUserByUsername,
  findUserByEmail,
  insertUser,
  updateUser,
  setUserRole,
  upsertNotificationConfig,
} from './user.repository.js';
