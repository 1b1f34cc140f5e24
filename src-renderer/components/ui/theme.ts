import darkThemeUrl from 'primereact/resources/themes/lara-dark-blue/theme.css?url';
import lightThemeUrl from 'primereact/resources/themes/lara-light-blue/theme.css?url';

/** The URL of the kit's light theme stylesheet (PrimeReact's Lara, blue). */
export const lightTheme: string = lightThemeUrl;

/** The URL of the kit's dark theme stylesheet (PrimeReact's Lara, blue). */
export const darkTheme: string = darkThemeUrl;
