import type { Db, DbOrTrx } from '../../db/database.js';
import type { Clock } from '../../infra/clock.js';
import { GROUP_DEFAULTS, GROUP_TYPES, type GroupName, type SiteGroups } from './siteinfo.defaults.js';
import { withDefaultLegalTexts } from './legal-defaults.js';
import { findAllGroups, saveGroup } from '../config/site-info.repository.js';

const CACHE_MS = 1000;

/** Freezes a value and everything in it (settings read by many requests are shared, never changed). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * One read of the stored groups, with the groups merged from it so far (frozen): a request reads
 * several groups, many requests read the same ones, and cloning the defaults and parsing the JSON
 * again for each was about 3% of a question page. Goes with the read (a new read, a new set).
 */
interface Loaded {
  readonly groups: Map<string, string>;
  readonly merged: Map<GroupName, unknown>;
}

/** Site settings with defaults merged in; cached briefly because every request reads them. */
export class SiteSettings {
  private cache: { at: number; loaded: Loaded } | null = null;
  /** Bumped by every drop: a load that began before a drop does not fill the cache with what it read. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * One group, stored values over defaults (empty legal texts show the default texts), frozen: it
   * is shared by every request until the settings change (copy it to change it). Inside a
   * transaction pass it as db: a cold cache read through the app's db would wait for the
   * connection the transaction holds.
   */
  async get<G extends GroupName>(name: G, db: DbOrTrx = this.db): Promise<SiteGroups[G]> {
    const { groups, merged } = await this.load(db);
    let value = merged.get(name) as SiteGroups[G] | undefined;
    if (value === undefined) {
      value = deepFreeze(this.merge(name, groups.get(GROUP_TYPES[name])));
      merged.set(name, value);
    }
    return value;
  }

  private merge<G extends GroupName>(name: G, raw: string | undefined): SiteGroups[G] {
    const defaults = structuredClone(GROUP_DEFAULTS[name]);
    if (!raw) return defaults;
    try {
      const merged = { ...defaults, ...(JSON.parse(raw) as Partial<SiteGroups[G]>) };
      return name === 'legal' ? (withDefaultLegalTexts(merged as SiteGroups['legal']) as SiteGroups[G]) : merged;
    } catch {
      return defaults;
    }
  }

  /**
   * Replaces one group (the whole document, as the reference's PUT does). Inside a transaction, call
   * invalidate() again after it commits: reads outside it (in the read workers) do not wait for it,
   * and one made before the commit may have cached the old value.
   */
  async put<G extends GroupName>(name: G, value: SiteGroups[G], db: DbOrTrx = this.db): Promise<void> {
    await saveGroup(db, GROUP_TYPES[name], JSON.stringify(value), this.clock.now());
    this.invalidate();
  }

  /** Whether the site has been installed (the general group is written by install). */
  async isInstalled(): Promise<boolean> {
    const { groups } = await this.load();
    return groups.has(GROUP_TYPES.general);
  }

  /** Drops the cache (after writes from elsewhere, e.g. install in a transaction), and says so. */
  invalidate(): void {
    this.invalidateLocal();
    this.dropListener?.();
  }

  /** Drops the cache without saying so (another server process changed the settings). */
  invalidateLocal(): void {
    this.cache = null;
    this.generation++;
  }

  private dropListener: (() => void) | null = null;

  /** Called on every invalidate() (the app tells the other server processes). */
  onInvalidate(listener: () => void): void {
    this.dropListener = listener;
  }

  private async load(db: DbOrTrx = this.db): Promise<Loaded> {
    const now = Date.now();
    if (this.cache && now - this.cache.at < CACHE_MS) return this.cache.loaded;
    const generation = this.generation;
    const loaded: Loaded = { groups: await findAllGroups(db), merged: new Map() };
    // what a transaction read may never commit; what was read before a drop is already old
    if (db === this.db && generation === this.generation) this.cache = { at: now, loaded };
    return loaded;
  }
}
