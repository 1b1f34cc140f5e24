/** The kinds of plugin Answer knows; Lantern registers built-ins in code. */
export type PluginKind = 'connector' | 'search' | 'editor' | 'route' | 'captcha' | 'render' | 'reviewer';

/** A plugin's description. */
export interface PluginInfo {
  slug_name: string;
  name: string;
  description: string;
  version: string;
  kind: PluginKind;
  defaultEnabled: boolean;
}

/** The plugins built into Lantern. */
export const BUILT_IN_PLUGINS: readonly PluginInfo[] = [
  {
    slug_name: 'lantern_captcha',
    name: 'Image captcha',
    description: 'Asks for a server-generated image captcha where the action thresholds say so.',
    version: '1.0.0',
    kind: 'captcha',
    defaultEnabled: true,
  },
];
