// Lint rule `lantern/module-boundaries`: the modules of server/modules talk through each other's
// services, never another module's repository (house-style). A file of server/modules/X may not
// import server/modules/Y/*.repository* for Y ≠ X. The shared lower modules (SHARED_MODULES: stored
// settings rows and post rows by id, read by nearly every module) are the exception: any module may read their
// repositories, and they themselves import no other module, so that they stay below the rest.
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * Modules below all others: their repositories are open to every module; they import none. config: the
 * stored settings; post: the question and answer rows by id, which nearly every module reads.
 */
export const SHARED_MODULES = ['config', 'post'];

const REPOSITORY = /\.repository(\.[cm]?[jt]s)?$/;

/** The module a path belongs to (the folder under server/modules), or null. */
function moduleOf(modulesDir, path) {
  const rel = relative(modulesDir, path);
  if (rel.startsWith('..') || rel === '') return null;
  const parts = rel.split(sep);
  return parts.length > 1 ? parts[0] : null;
}

export const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "A module never imports another module's repository; it calls that module's service." },
    schema: [],
    messages: {
      repository:
        "server/modules/{{from}} may not import the repository of module '{{to}}': call a function of {{to}}'s service (add one if missing), or read through a shared lower module ({{shared}}).",
      shared:
        "server/modules/{{from}} is a shared lower module: it may not import module '{{to}}' (every module may import it, so it imports none).",
    },
  },
  create(context) {
    const file = context.filename;
    const modulesDir = resolve(context.cwd, 'server', 'modules');
    const from = moduleOf(modulesDir, file);
    if (!from) return {};
    function check(node, source) {
      const spec = source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = moduleOf(modulesDir, resolve(dirname(file), spec));
      if (!to || to === from) return;
      const data = { from, to, shared: SHARED_MODULES.join(', ') };
      if (SHARED_MODULES.includes(from) && !SHARED_MODULES.includes(to)) context.report({ node, messageId: 'shared', data });
      else if (!SHARED_MODULES.includes(to) && REPOSITORY.test(spec)) context.report({ node, messageId: 'repository', data });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
