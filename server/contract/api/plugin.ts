/** The input types of a plugin settings form (Answer's ConfigType values). */
export type ConfigFieldType =
  | 'input'
  | 'textarea'
  | 'checkbox'
  | 'switch'
  | 'select'
  | 'radio'
  | 'timezone'
  | 'upload'
  | 'legend'
  | 'button';

/** One choice of a select, radio or checkbox field. */
export interface ConfigFieldOption {
  label: string;
  value: string;
}

/** Presentation hints of a settings field (Answer's ConfigFieldUIOptions). */
export interface ConfigFieldUIOptions {
  placeholder?: string;
  rows?: string;
  input_type?:
    | 'text'
    | 'color'
    | 'date'
    | 'datetime'
    | 'email'
    | 'month'
    | 'number'
    | 'password'
    | 'range'
    | 'search'
    | 'tel'
    | 'time'
    | 'url'
    | 'week';
  label?: string;
  text?: string;
  class_name?: string;
  field_class_name?: string;
  variant?: string;
}

/** schema.ConfigField: one field of a plugin's settings form with its current value. */
export interface PluginConfigField {
  name: string;
  type: ConfigFieldType;
  title: string;
  description: string;
  required: boolean;
  value: unknown;
  ui_options: ConfigFieldUIOptions;
  options?: ConfigFieldOption[];
}

/** GetPluginConfigResp: a plugin's description and its settings form (GET admin plugin/config, GET user/plugin/config). */
export interface PluginConfigForm {
  name: string;
  slug_name: string;
  description: string;
  version: string;
  config_fields: PluginConfigField[] | null;
}

/** GetUserPluginListResp: one entry of GET user/plugin/configs, a plugin with personal settings. */
export interface UserPluginItem {
  name: string;
  slug_name: string;
}
