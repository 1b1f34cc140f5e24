import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useUserSearch } from '../../../api/question/question-related-query';
import { useDebounced } from '../../../hooks/useDebounced';
import { mentionAt } from './mentions';

/**
 * @mention suggestions for a textarea: `track` follows the caret, the matching users are searched,
 * arrows/Enter/Tab/Escape move through them and `choose` puts the name in the text (caret after it).
 */
export function useMentions(text: string, setText: (text: string) => void) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const users = useUserSearch(useDebounced(mention?.query ?? '', 200));
  const options = mention && mention.query ? (users.data ?? []) : [];
  const open = options.length > 0;
  const caretAfterRender = useRef<number | null>(null);

  useEffect(() => setActive(0), [mention?.query]);

  useLayoutEffect(() => {
    const at = caretAfterRender.current;
    if (at === null) return;
    caretAfterRender.current = null;
    area.current?.focus();
    area.current?.setSelectionRange(at, at);
  }, [text]);

  const track = (value: string, caret: number) => setMention(mentionAt(value, caret));

  const choose = (username: string) => {
    if (!mention) return;
    const caret = mention.start + 1 + mention.query.length;
    setText(`${text.slice(0, mention.start)}@${username} ${text.slice(caret)}`);
    setMention(null);
    // the caret goes after the name once the new text is rendered (before the next key press)
    caretAfterRender.current = mention.start + username.length + 2;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => (a + 1) % options.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (a - 1 + options.length) % options.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      choose(options[active].username);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setMention(null);
    }
  };

  return { area, options, open, active, track, choose, onKeyDown, close: () => setMention(null) };
}
