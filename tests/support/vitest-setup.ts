/** Shared vitest setup: quiet logs unless asked for. */
process.env.LANTERN_LOG_LEVEL ??= 'silent';
