// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp, siteFixture } from '../../tests/support/render';
import { inAppPath, PostHtml } from './PostHtml';

afterEach(cleanup);

describe('links and images inside rendered posts', () => {
  it('opens site paths inside the app, and leaves external, API and upload links to the browser', () => {
    expect(inAppPath('/questions/10010000000000001')).toBe('/questions/10010000000000001');
    expect(inAppPath('/tags/lanterns?x=1')).toBe('/tags/lanterns?x=1');
    for (const href of [
      'https://example.com/',
      'http://example.com/',
      '//example.com/x',
      '/answer/api/v1/siteinfo',
      '/uploads/post/a.png',
      '/installation/init',
      'mailto:a@b.c',
      '#fn1',
      null,
    ]) {
      expect(inAppPath(href), String(href)).toBeNull();
    }
    // under a base path, the app path is what follows it
    expect(inAppPath('/qa/questions/1', '/qa')).toBe('/questions/1');
    expect(inAppPath('/qa/answer/api/v1/x', '/qa')).toBeNull();
  });

  it('a click on a site link navigates without reloading; a broken image gets its marker', async () => {
    renderWithApp(
      <PostHtml
        html={
          '<p><a href="/tags/lanterns">lanterns</a> <a href="https://example.com/">out</a> <img src="/uploads/missing.png" alt="lamp"></p>'
        }
      />,
      {
        path: '/questions/1',
        pattern: '/questions/:id',
        routes: [{ path: '/tags/:name', element: <h1>tag page</h1> }],
      },
    );
    const external = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole('link', { name: 'out' }).dispatchEvent(external);
    expect(external.defaultPrevented).toBe(false);
    fireEvent.error(screen.getByAltText('lamp'));
    expect(screen.getByAltText('lamp').getAttribute('data-broken')).toBe('true');
    fireEvent.click(screen.getByRole('link', { name: 'lanterns' }));
    expect(await screen.findByRole('heading', { name: 'tag page' })).toBeTruthy();
  });
});

describe('code blocks inside rendered posts', () => {
  it('can be focused, so a block wider than the screen scrolls from the keyboard, also after the content changes', () => {
    function Switching() {
      const [html, setHtml] = useState('<pre><code class="hljs language-js"><span class="hljs-keyword">const</span> a = 1;</code></pre>');
      return (
        <>
          <button type="button" onClick={() => setHtml('<p>text</p><pre><code>two</code></pre>')}>
            edit
          </button>
          <PostHtml html={html} />
        </>
      );
    }
    const { container } = renderWithApp(<Switching />);
    expect(container.querySelector('pre')!.tabIndex).toBe(0);
    fireEvent.click(screen.getByText('edit'));
    expect(container.querySelector('pre')!.textContent).toBe('two');
    expect(container.querySelector('pre')!.tabIndex).toBe(0);
  });
});

describe('images from other sites inside rendered posts', () => {
  const html =
    '<p><img src="https://i.stack.imgur.com/abc.png" alt="diagram"> <img src="/uploads/post/local.png" alt="local"></p>' +
    '<p><a href="https://example.com/"><img src="//cdn.example.org/x.gif" alt="linked"></a></p>';

  it('asks before loading them: a button names the host, and a click loads that image only', () => {
    const { container } = renderWithApp(<PostHtml html={html} />, {
      site: siteFixture({ site_legal: { external_content_display: 'ask_before_display' } }),
    });
    // nothing from another site is in the page, so nothing is fetched
    expect([...container.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual(['/uploads/post/local.png']);
    const gate = screen.getByRole('button', { name: 'Image from i.stack.imgur.com — click to load' });
    screen.getByRole('button', { name: 'Image from cdn.example.org — click to load' });
    fireEvent.click(gate);
    expect(screen.getByAltText('diagram').getAttribute('src')).toBe('https://i.stack.imgur.com/abc.png');
    expect(screen.queryByRole('button', { name: /i\.stack\.imgur\.com/ })).toBeNull();
    // the other one waits for its own click; inside a link the click loads it and goes nowhere
    const inLink = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole('button', { name: /cdn\.example\.org/ }).dispatchEvent(inLink);
    expect(inLink.defaultPrevented).toBe(true);
    expect(screen.getByAltText('linked').getAttribute('src')).toBe('//cdn.example.org/x.gif');
  });

  it('shows them at once when the site always displays external content', () => {
    const { container } = renderWithApp(<PostHtml html={html} />, {
      site: siteFixture({ site_legal: { external_content_display: 'always_display' } }),
    });
    expect(container.querySelectorAll('img')).toHaveLength(3);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
