import type { IconOptions } from 'primereact/utils';
import type { ReactNode } from 'react';
import { Icon, type IconName } from '../Icon';

/**
 * An icon for a PrimeReact component's `icon` prop. PrimeReact 10 takes a node there too, but only a
 * function is handed the icon's classes (`p-button-icon p-button-icon-left`: the theme's gap between icon
 * and label), which this passes on to the SVG.
 */
export function primeIcon(name: IconName) {
  return function PrimeIcon(options: IconOptions<unknown>): ReactNode {
    return <Icon name={name} className={typeof options.iconProps.className === 'string' ? options.iconProps.className : undefined} />;
  };
}
