import { api, INSTALL } from '../client';

/** A language choice of the installer. */
export interface LangOption {
  label: string;
  value: string;
  progress: number;
}

/** GET /installation/language/options. */
export const fetchInstallLanguages = () => api.get<LangOption[]>(`${INSTALL}/language/options`, undefined, { handleErrors: true });
/** POST /installation/config-file/check. */
export const checkConfigFile = () =>
  api.post<{ config_file_exist: boolean; db_connection_success: boolean; db_table_exist: boolean }>(
    `${INSTALL}/config-file/check`,
    {},
    { handleErrors: true },
  );
/** POST /installation/db/check. */
export const checkDatabase = () => api.post<unknown>(`${INSTALL}/db/check`, { db_type: 'sqlite3' }, { handleErrors: true });
/** POST /installation/init. */
export const initDatabase = () => api.post<null>(`${INSTALL}/init`, { db_type: 'sqlite3' }, { handleErrors: true });
/** The site and admin answers of step 3. */
export interface BaseInfo {
  lang: string;
  site_name: string;
  site_url: string;
  contact_email: string;
  name: string;
  password: string;
  email: string;
  login_required: boolean;
  external_content_display: 'always_display' | 'ask_before_display';
}
/** POST /installation/base-info. */
export const submitBaseInfo = (body: BaseInfo) => api.post<null>(`${INSTALL}/base-info`, body, { handleErrors: true });
