import type { ConnectorInfo, UserConnector } from '../../contract/api/connector.js';
import type { ConnectorPlugin } from '../plugin/plugin.registry.js';

/** The browser address that starts a connector's sign-in. */
export function connectorLoginLink(siteUrl: string, slug: string): string {
  return `${siteUrl}/answer/api/v1/connector/login/${slug}`;
}

/** ConnectorInfoResp. */
export function presentConnector(p: ConnectorPlugin, siteUrl: string): ConnectorInfo {
  return { name: p.name, icon: p.logoSvg, link: connectorLoginLink(siteUrl, p.slug_name) };
}

/** ConnectorUserInfoResp: a connector and whether the caller's account is bound to it. */
export function presentUserConnector(p: ConnectorPlugin, siteUrl: string, externalId: string | undefined): UserConnector {
  return { ...presentConnector(p, siteUrl), binding: externalId !== undefined, external_id: externalId ?? '' };
}
