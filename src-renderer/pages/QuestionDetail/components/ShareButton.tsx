import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, InputText, OverlayPanel, type OverlayPanelHandle } from '../../../components/ui';
import { useSession } from '../../../app/session';
import { useFeedback } from '../../../components/Feedback';
import { basePath } from '../../../utils/base-path';

/**
 * Share: a small panel with the post's full link and a copy button. A member's link names them
 * (?share=<username>): someone else opening it earns them the First Share badge.
 */
export function ShareButton({ path }: { path: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const feedback = useFeedback();
  const panel = useRef<OverlayPanelHandle>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const url = `${window.location.origin}${basePath()}${path}${user ? `?share=${encodeURIComponent(user.username)}` : ''}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // without the clipboard API (or its permission) the selected text is copied the old way
      input.current?.select();
      document.execCommand('copy');
    }
    feedback.toast('success', t('qa.link_copied'));
    panel.current?.hide();
  };
  return (
    <>
      <Button
        type="button"
        link
        size="small"
        className="post-action"
        icon="share"
        label={t('qa.share')}
        aria-haspopup="dialog"
        onClick={(e) => panel.current?.toggle(e)}
      />
      <OverlayPanel ref={panel} className="share-panel" onShow={() => input.current?.select()}>
        <div className="stack share-box" role="dialog" aria-label={t('qa.share_title')}>
          <label htmlFor={id} className="small">
            {t('qa.share_link_label')}
          </label>
          <InputText id={id} ref={input} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <Button type="button" size="small" icon="copy" label={t('qa.copy_link')} onClick={() => void copy()} />
        </div>
      </OverlayPanel>
    </>
  );
}
