/** Messages of the admin Stack Exchange import (Lantern's own endpoints). en_US complete. */
export const import_en_US = {
  'error.import.running': 'An import is already running; wait for it to finish.',
  'error.import.single_process':
    'This server runs several processes: import with one. Stop it and start it again with --processes 1 (or use lantern import-se on the command line), then restart as before.',
  'error.import.no_files': 'Choose the dump files (Posts.xml, Users.xml, ...) or a .zip of them.',
  'error.import.no_posts': 'The dump needs Posts.xml or Users.xml.',
  'error.import.no_7z':
    '“{{name}}” is a 7-Zip archive, which Lantern cannot open. Extract it (with 7-Zip, or “7z x” from p7zip) and upload its XML files, or a .zip of them.',
  'error.import.file_type': '“{{name}}” is neither an XML file nor a .zip archive.',
  'error.import.unknown_file':
    '“{{name}}” is not a file of a Stack Exchange dump (Users, Posts, Comments, Tags, Votes, Badges, PostLinks, PostHistory .xml).',
  'error.import.duplicate_file': '{{name}} was given twice.',
  'error.import.bad_zip': '“{{name}}” could not be read as a zip archive: {{problem}}',
  'error.import.zip_path': '“{{name}}” was refused: its entry “{{entry}}” would be written outside the import folder.',
  'error.import.zip_too_many': '“{{name}}” was refused: it holds more than {{max}} entries.',
  'error.import.zip_too_large': '“{{name}}” was refused: it unpacks to more than {{max}} bytes.',
  'error.import.too_large': 'The upload is too large (at most {{max}} MB a file).',
  'error.import.site_invalid': 'Give the site the dump comes from as a host name, such as coffee.stackexchange.com.',
} as const;

/** Simplified Chinese overrides (none yet: English is the fallback). */
export const import_zh_CN: Record<string, string> = {};
