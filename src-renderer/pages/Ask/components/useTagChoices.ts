import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { LIMITS } from '../../../../server/contract/limits';
import type { TagInput } from '../../../api/question/types';
import { tagKeys } from '../../../api/tag/keys';
import { searchTags, type TagSuggestion } from '../../../api/tag/tag-query';

/** The most tags a question may carry (the server's limit). */
export const MAX_TAGS = 5;

/** A tag's slug as the server makes it: trimmed, lower case, spaces as dashes. */
export function tagSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** The typed text as a tag name: trimmed, within the server's length. */
export const asName = (text: string) => text.trim().slice(0, LIMITS.tagName.max);

/**
 * The tags a picker has chosen and how a name becomes one: `take` adds a tag (marked new or not),
 * `commit` takes a typed name at once and checks it in the background (an existing tag of that name,
 * a new tag for those who may add tags, else refused), `remove` drops one.
 */
export function useTagChoices({ value, onChange, mayAdd }: { value: TagInput[]; onChange(tags: TagInput[]): void; mayAdd: boolean }) {
  const queryClient = useQueryClient();
  // slugs taken as new tags (shown as such), and the last name refused for want of the privilege
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  const [refused, setRefused] = useState<string | null>(null);

  // answers to a lookup arrive after later keystrokes: they work on the tags as they are by then
  const latest = useRef({ value, onChange, mayAdd });
  latest.current = { value, onChange, mayAdd };
  const update = (next: (tags: TagInput[]) => TagInput[]) => {
    const tags = next(latest.current.value);
    latest.current.value = tags;
    latest.current.onChange(tags);
  };

  const take = (tag: TagInput, isNew: boolean) => {
    update((tags) => (tags.some((x) => x.slug_name === tag.slug_name) || tags.length >= MAX_TAGS ? tags : [...tags, tag]));
    setFresh((s) => {
      const next = new Set(s);
      if (isNew) next.add(tag.slug_name);
      else next.delete(tag.slug_name);
      return next;
    });
  };
  /** Decides about a typed name once the tags starting like it are known. */
  const settle = (name: string, found: TagSuggestion[], takenAlready: boolean) => {
    const slug = tagSlug(name);
    const hit = found.find((f) => f.slug_name === slug);
    if (hit) {
      if (takenAlready)
        update((tags) => tags.map((x) => (x.slug_name === slug ? { slug_name: hit.slug_name, display_name: hit.display_name } : x)));
      else take({ slug_name: hit.slug_name, display_name: hit.display_name }, false);
      setFresh((s) => (s.has(slug) ? new Set([...s].filter((x) => x !== slug)) : s));
    } else if (latest.current.mayAdd) {
      take({ slug_name: slug, display_name: name }, true);
    } else {
      if (takenAlready) update((tags) => tags.filter((x) => x.slug_name !== slug));
      setRefused(name);
    }
  };
  /** Takes a typed name as a tag at once; a name not looked up yet is checked in the background. */
  const commit = (raw: string) => {
    const name = asName(raw);
    if (!name) return;
    const slug = tagSlug(name);
    if (latest.current.value.some((x) => x.slug_name === slug) || latest.current.value.length >= MAX_TAGS) return;
    const known = queryClient.getQueryData<TagSuggestion[] | null>(tagKeys.search(name));
    if (known) {
      settle(name, known, false);
      return;
    }
    take({ slug_name: slug, display_name: name }, false);
    void queryClient
      .fetchQuery({ queryKey: tagKeys.search(name), queryFn: () => searchTags(name), staleTime: 30_000 })
      .then((found) => {
        if (latest.current.value.some((x) => x.slug_name === slug)) settle(name, found ?? [], true);
      })
      .catch(() => undefined);
  };
  const remove = (slug: string) => update((tags) => tags.filter((v) => v.slug_name !== slug));
  return { fresh, refused, setRefused, take, commit, remove };
}
