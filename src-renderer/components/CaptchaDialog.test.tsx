// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zh_CN } from '../../server/contract/locales/zh_CN';
import { initI18n } from '../i18n';
import type { CaptchaRecord } from '../api/user/types';
import { CaptchaDialog } from './CaptchaDialog';

afterEach(cleanup);

const i18n = initI18n();

// a challenge as the server signs it (the widget only shows it here: happy-dom has no worker to solve it)
const ALTCHA_RECORD: CaptchaRecord = {
  captcha_id: 'altcha-7d1c4c8e-31a5-4a4e-8a47-8e2a4c1f0b11',
  captcha_img: '',
  verify: true,
  altcha: {
    parameters: {
      algorithm: 'PBKDF2/SHA-256',
      cost: 1000,
      data: { id: 'altcha-7d1c4c8e-31a5-4a4e-8a47-8e2a4c1f0b11' },
      expiresAt: Math.floor(Date.now() / 1000) + 300,
      keyLength: 32,
      keyPrefix: 'b13fbe91e91e7998dbccd46f86f55a7a',
      keySignature: '9c24dca778597564a02228aabca10d03136262779ed9320b1dded86de1a12075',
      nonce: '0bac8f5353bac494438b317cfe589f5b',
      salt: 'c0f2ae5cf1cf5b341fbc41bea8c40eaf',
    },
    signature: 'd9cb6b71b83b663bb754abf8c5e2cb77fcca6fbf1610b1becaa55fce3d41fb9d',
  },
};

function show(record: CaptchaRecord, error?: string) {
  const onSubmit = vi.fn();
  const onRefresh = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <CaptchaDialog record={record} error={error} onSubmit={onSubmit} onRefresh={onRefresh} onCancel={() => undefined} />
    </I18nextProvider>,
  );
  return { onSubmit, onRefresh };
}

describe('CaptchaDialog with an altcha challenge', () => {
  it("draws altcha's checkbox with Lantern's words, reachable by its label", async () => {
    show(ALTCHA_RECORD);
    expect(screen.getByRole('dialog', { name: 'Verification' })).toBeTruthy();
    expect(screen.getByText(/Tick the box below/)).toBeTruthy();
    const box = await screen.findByRole('checkbox', { name: "I'm not a robot" });
    expect(box.closest('altcha-widget')).toBeTruthy();
    // no image, no code to type
    expect(screen.queryByRole('img', { name: 'Captcha image' })).toBeNull();
    expect(screen.queryByLabelText('Captcha code')).toBeNull();
  });

  it('asks to tick the box first, then sends the verified payload as captcha_code with the challenge id', async () => {
    const { onSubmit } = show(ALTCHA_RECORD);
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: "I'm not a robot" });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByText('Tick the box and wait until it says Verified.')).getAttribute('role')).toBe('alert');
    expect(onSubmit).not.toHaveBeenCalled();

    // the widget announces its solved state with the payload (its `statechange` event)
    const widget = document.querySelector('altcha-widget')!;
    act(() => {
      widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: 'eyJjaGFsbGVuZ2UiOnt9fQ==' } }));
    });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onSubmit).toHaveBeenCalledWith({ captcha_id: ALTCHA_RECORD.captcha_id, captcha_code: 'eyJjaGFsbGVuZ2UiOnt9fQ==' });
  });

  it("gives the widget the texts of the page's language", async () => {
    i18n.addResourceBundle('zh_CN', 'translation', zh_CN, true, true);
    await i18n.changeLanguage('zh_CN');
    try {
      show(ALTCHA_RECORD);
      expect(await screen.findByRole('checkbox', { name: '我不是机器人' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en_US');
    }
  });

  it('asks the server for a new challenge when this one expires', async () => {
    const { onRefresh } = show(ALTCHA_RECORD);
    await screen.findByRole('checkbox', { name: "I'm not a robot" });
    act(() => {
      document
        .querySelector('altcha-widget')!
        .dispatchEvent(new CustomEvent('statechange', { detail: { state: 'expired', payload: null } }));
    });
    await waitFor(() => expect(onRefresh).toHaveBeenCalledTimes(1));
  });
});

describe('CaptchaDialog with an image code (no altcha challenge)', () => {
  it('shows the image and sends the typed code', async () => {
    const { onSubmit } = show({ captcha_id: 'c1', captcha_img: 'data:image/svg+xml;base64,PHN2Zy8+', verify: true }, 'Captcha wrong.');
    const user = userEvent.setup();
    expect(screen.getByRole('img', { name: 'Captcha image' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Captcha wrong.');
    await user.type(screen.getByLabelText('Captcha code'), ' K7PX3 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onSubmit).toHaveBeenCalledWith({ captcha_id: 'c1', captcha_code: 'K7PX3' });
    expect(document.querySelector('altcha-widget')).toBeNull();
  });
});
