import type { TFunction } from 'i18next';
import type { BaseInfo } from '../../api/install/install-calls';
import { LIMITS } from '../../../server/contract/limits';
import { checkEmail, checkName, checkPassword, compact, type Errors } from '../../utils/validation';

/** The site and admin form of the installer: the base-info call without the language. */
export type SiteForm = Omit<BaseInfo, 'lang'>;

/** Checks the form with the spec's rules (site name <= 30, URL <= 512, password 8-32). */
export function checkSiteForm(t: TFunction, f: SiteForm): Errors {
  const name = f.site_name.trim();
  const url = f.site_url.trim();
  return compact({
    site_name: !name ? t('install.site_name_required') : name.length > LIMITS.siteName.max ? t('install.site_name_max') : undefined,
    site_url: !url
      ? t('install.site_url_required')
      : url.length > LIMITS.siteUrl.max
        ? t('install.site_url_max')
        : !/^https?:\/\/[^\s/]+/i.test(url)
          ? t('install.site_url_invalid')
          : undefined,
    contact_email: checkEmail(t, f.contact_email),
    name: checkName(t, f.name),
    password: checkPassword(t, f.password),
    email: checkEmail(t, f.email),
  });
}
