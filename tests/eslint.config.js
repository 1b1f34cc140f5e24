// Lint: typescript-eslint's recommended rules, React hooks rules, and the layering rule of
// house-style (server never imports src-*, the renderer imports only pure contract code and the
// preload's types, src-main never imports the renderer).
import js from '@eslint/js';
import prettierOff from 'eslint-config-prettier/flat';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { moduleBoundaries } from './eslint-module-boundaries.js';

// fields that hold stored codes (statuses, roles, kinds): the no-raw-code rules below watch them
const CODE_FIELD_NAMES = [
  'status',
  'show',
  'pin',
  'adopted',
  'cancelled',
  'mail_status',
  'notice_status',
  'show_status',
  'role_id',
  'object_type',
  'question_status',
  'questionStatus',
  'object_status',
  'object_show_status',
  'type',
  'activity_type',
];
const CODE_FIELDS = `/^(?:${CODE_FIELD_NAMES.join('|')})$/`;
// the same field named through its table or alias in a query: 'status' or 'answer.status'
const QUERY_CODE_FIELDS = `/^(?:[A-Za-z_][A-Za-z0-9_]*[.])?(?:${CODE_FIELD_NAMES.join('|')})$/`;
// a code 1-19 (0 and three-digit numbers are HTTP statuses or counts, not codes)
const RAW_CODE = '/^(?:[1-9]|1[0-9])$/';
// names that hold a code where it is compared (not written: `level` and `type` are also settings' and
// plain objects' keys): the fields above, their camelCase forms and the API's coded fields
const COMPARED_CODE_NAMES = [
  ...CODE_FIELD_NAMES,
  'roleId',
  'mailStatus',
  'noticeStatus',
  'userStatus',
  'answerStatus',
  'reportStatus',
  'reviewStatus',
  'objectType',
  'activityType',
  'is_read',
  'msg_type',
  'report_type',
  'flagged_type',
  'level',
  'single',
  'accepted',
];
const COMPARED_CODES = `/^(?:${COMPARED_CODE_NAMES.join('|')})$/`;
const CODE_LIST = '/^(?:s|[a-z]+S)tatuses$/';
// such a name as a field (`x.status`, `x.role_id`) or a plain variable or parameter (`roleId`, `status`)
const codeNamed = (path) =>
  `:matches([${path}.property.name=${COMPARED_CODES}], [${path}.type='Identifier'][${path}.name=${COMPARED_CODES}])`;
const COMPARE_MESSAGE =
  'Compare stored codes with the named constants of server/contract/enums.ts (e.g. QUESTION_STATUS.deleted), not a number.';
// `x.status === 10`, `10 === x.status` or `roleId === 2` (a code 1-19 against such a name)
const RAW_CODE_COMPARISON = [
  ...['left', 'right'].map((side) => ({
    selector: `BinaryExpression[operator=/^[!=]==?$/][${side}.type='Literal'][${side}.raw=${RAW_CODE}]${codeNamed(side === 'left' ? 'right' : 'left')}`,
    message: COMPARE_MESSAGE,
  })),
  // `switch (x.status) { case 10: ... }`
  { selector: `SwitchStatement${codeNamed('discriminant')} > SwitchCase > Literal.test[raw=${RAW_CODE}]`, message: COMPARE_MESSAGE },
  // a list of codes by a name ending in statuses: `{ statuses: [1, 2] }`, `(statuses = [1, 10])`, `const questionStatuses = [1]`
  {
    selector: `:matches(Property[key.name=${CODE_LIST}], AssignmentPattern[left.name=${CODE_LIST}], VariableDeclarator[id.name=${CODE_LIST}]) ArrayExpression > Literal[raw=${RAW_CODE}]`,
    message: COMPARE_MESSAGE,
  },
];
// a kysely filter on such a field with a raw code: `.where('status', '!=', 10)`, `.where('answer.status', '=', 1)`,
// `eb('show', '=', 1)`, `.having(...)`
const RAW_CODE_IN_QUERY = {
  selector: `CallExpression[arguments.length=3][arguments.1.type='Literal'][arguments.1.value=/^(?:=|==|!=|<>|<|<=|>|>=|is|is not)$/][arguments.0.type='Literal'][arguments.0.value=${QUERY_CODE_FIELDS}][arguments.2.type='Literal'][arguments.2.raw=${RAW_CODE}]`,
  message: 'Filter stored codes with the named constants of server/contract/enums.ts (e.g. USER_STATUS.deleted), not a number.',
};
// the same with a list: `.where('question.status', 'in', [1, 2])` (reported on the number)
const RAW_CODE_IN_QUERY_LIST = {
  selector: `CallExpression[arguments.length=3][arguments.1.type='Literal'][arguments.1.value=/^(?:in|not in)$/][arguments.0.type='Literal'][arguments.0.value=${QUERY_CODE_FIELDS}] > ArrayExpression > Literal[raw=${RAW_CODE}]`,
  message: RAW_CODE_IN_QUERY.message,
};
// a row written with a raw code: `.values({ status: 1 })`, `.set({ notice_status: 2 })`, `{ show_status: 1 }`
const RAW_CODE_IN_OBJECT = {
  selector: `Property:matches([key.type='Identifier'][key.name=${CODE_FIELDS}], [key.type='Literal'][key.value=${CODE_FIELDS}])[value.type='Literal'][value.raw=${RAW_CODE}]`,
  message: 'Write stored codes with the named constants of server/contract/enums.ts (e.g. USER_STATUS.available), not a number.',
};
const RAW_CODES = [...RAW_CODE_COMPARISON, RAW_CODE_IN_QUERY, RAW_CODE_IN_QUERY_LIST, RAW_CODE_IN_OBJECT];

const layer = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

// what the renderer may not import (the UI kit's folder repeats them: a later block replaces the rule's options)
const RENDERER_LAYERS = [
  { regex: '(^|/)server/(?!contract/)', message: 'The renderer imports only server/contract (pure types, limits, locales).' },
  { regex: '(^|/)src-main(/|$)', message: 'The renderer must not import the main process.' },
  { regex: '(^|/)src-preload/(?!contract|global)', message: 'The renderer imports only the preload contract types.' },
];
const UI_KIT_ONLY = {
  regex: '^primereact(/|$)',
  message: 'Import UI components from src-renderer/components/ui (the only place that imports PrimeReact; add a wrapper there).',
};

const SQL_MESSAGE = 'SQL only in repositories: build kysely queries in a <module>.repository.ts function and call it.';
const SQL_OUTSIDE_REPOSITORY = [
  {
    selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
    message: SQL_MESSAGE,
  },
  // a common table expression: with('name', (db) => query); Array's with(index, value) takes no function
  {
    selector: 'CallExpression[callee.property.name=/^(with|withRecursive)$/][arguments.length=2][arguments.1.type=/FunctionExpression$/]',
    message: SQL_MESSAGE,
  },
  { selector: "TaggedTemplateExpression[tag.name='sql'], TaggedTemplateExpression[tag.object.name='sql']", message: SQL_MESSAGE },
  { selector: "CallExpression[callee.object.name='sql']", message: SQL_MESSAGE },
  {
    selector: "ImportDeclaration[source.value='kysely'][importKind!='type'] ImportSpecifier[imported.name='sql'][importKind!='type']",
    message: SQL_MESSAGE,
  },
];

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'tests/artifacts/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // house-style: a component past about 80 lines is split by the part of the screen (a hook for its state and
    // calls, sub-components for its sections); tools/long-functions.mjs counts the same way and names them
    files: ['src-renderer/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
  // import cycles between files: tests/unit/import-cycles.test.ts (tools/import-cycles.mjs), once for the whole tree
  {
    // stored codes are compared, filtered and written by name (server/contract/enums.ts), never as
    // `status === 10` or `{ status: 1 }`; HTTP statuses (0, 3 digits) stay numbers, tests may assert
    // the stored numbers themselves, and the migrations already run stay as they were written
    files: ['server/**/*.ts', 'src-renderer/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'server/db/migrations/**'],
    rules: {
      'no-restricted-syntax': ['error', ...RAW_CODES],
    },
  },
  layer(
    ['server/**/*.ts'],
    [{ regex: '(^|/)src-(main|preload|renderer)(/|$)', message: 'server/** must not import the desktop or UI layers.' }],
  ),
  {
    // tests of the plumbing may drive whole apps; the plumbing itself may not
    ...layer(
      ['server/http/**/*.ts'],
      [
        { regex: '(^|/)src-(main|preload|renderer)(/|$)', message: 'server/** must not import the desktop or UI layers.' },
        {
          regex: '(^|/)modules/',
          message: 'server/http is the HTTP plumbing: it knows no resource module (modules use http, not the reverse).',
        },
      ],
    ),
    ignores: ['server/http/**/*.test.ts'],
  },
  {
    // the renderer's layers, and PrimeReact only through the UI kit's wrappers (src-renderer/components/ui),
    // so that a move to another kit rewrites that folder, not the screens
    ...layer(['src-renderer/**/*.{ts,tsx}'], [...RENDERER_LAYERS, UI_KIT_ONLY]),
    ignores: ['src-renderer/components/ui/**'],
  },
  layer(['src-renderer/components/ui/**/*.{ts,tsx}'], RENDERER_LAYERS),
  layer(
    ['src-main/**/*.ts'],
    [
      { regex: '(^|/)src-renderer(/|$)', message: 'src-main must not import the renderer.' },
      { regex: '(^|/)server(/|$)', message: 'src-main runs the server as a separate process; it must not import server code.' },
    ],
  ),
  layer(
    ['src-preload/**/*.ts'],
    [{ regex: '(^|/)(server|src-renderer|src-main)(/|$)', message: 'The preload is a narrow bridge: no imports from other layers.' }],
  ),
  {
    // SQL lives in repositories: elsewhere in the server no kysely query is built (the db layer
    // itself, repositories and tests excepted)
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.repository.ts', 'server/db/**', 'server/**/*.test.ts'],
    rules: {
      // (one rule, so the raw-code selectors are repeated here: a later block replaces the rule's options)
      'no-restricted-syntax': ['error', ...SQL_OUTSIDE_REPOSITORY, ...RAW_CODES],
    },
  },
  {
    // modules call each other's services, never another module's repository (the shared lower
    // modules excepted, which import no other module): tests may drive any module
    files: ['server/modules/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    plugins: { lantern: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'lantern/module-boundaries': 'error' },
  },
  {
    // the named constants themselves: the one place their numbers are written
    files: ['server/contract/enums.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...SQL_OUTSIDE_REPOSITORY, ...RAW_CODE_COMPARISON, RAW_CODE_IN_QUERY, RAW_CODE_IN_QUERY_LIST],
    },
  },
  layer(
    ['server/contract/**/*.ts'],
    [
      {
        regex: '^(express|kysely|better-sqlite3|node:.*)$|(^|/)(http|db|modules|infra)/',
        message: 'server/contract is pure: no runtime dependencies.',
      },
    ],
  ),
  // layout is Prettier's (npm run format; npm test checks it): no lint rule argues with it
  prettierOff,
);
