// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BadgeIcon } from '../pages/Badges/BadgeIcon';
import { Icon } from './Icon';
import { Button } from './ui';

afterEach(cleanup);

describe('Icon', () => {
  it('draws an inline SVG 1em square in the text colour, hidden from assistive technology, with icon classes', () => {
    const { container } = render(<Icon name="check" className="extra" />);
    const svg = container.querySelector('svg')!;
    expect(svg).not.toBeNull();
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('role')).toBeNull();
    expect(svg.getAttribute('width')).toBe('1em');
    expect(svg.getAttribute('height')).toBe('1em');
    expect(svg.getAttribute('stroke')).toBe('currentColor');
    expect(svg.getAttribute('fill')).toBe('none');
    expect(svg.classList).toContain('icon');
    expect(svg.classList).toContain('icon-check');
    expect(svg.classList).toContain('extra');
    // a real drawing, not an empty box
    expect(svg.querySelectorAll('path, circle, rect, line, polyline').length).toBeGreaterThan(0);
  });

  it('with a label is an image with that accessible name', () => {
    render(<Icon name="check" label="Accepted" />);
    const img = screen.getByRole('img', { name: 'Accepted' });
    expect(img.tagName.toLowerCase()).toBe('svg');
    expect(img.getAttribute('aria-hidden')).toBeNull();
  });

  it('fills the names ending in -fill with the text colour', () => {
    const { container } = render(
      <>
        <Icon name="bookmark-fill" />
        <Icon name="bookmark" />
      </>,
    );
    const [filled, outline] = container.querySelectorAll('svg');
    expect(filled!.getAttribute('fill')).toBe('currentColor');
    expect(filled!.classList).toContain('icon-bookmark-fill');
    expect(outline!.getAttribute('fill')).toBe('none');
  });

  it("in a kit button (named by its icon prop) keeps the button's icon classes (the gap before the label)", () => {
    render(<Button type="button" icon="upload" label="Upload" />);
    const svg = screen.getByRole('button', { name: 'Upload' }).querySelector('svg')!;
    expect(svg.classList).toContain('icon-upload');
    expect(svg.classList).toContain('p-button-icon');
    expect(svg.classList).toContain('p-button-icon-left');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
  });
});

describe("a badge's icon", () => {
  it("draws the reference's Bootstrap names with the matching icon, and a trophy for an unknown name", () => {
    const { container } = render(
      <>
        <BadgeIcon icon="chat-square-text-fill" level={1} />
        <BadgeIcon icon="no-such-icon" level={1} />
        <BadgeIcon icon="constructor" level={1} />
      </>,
    );
    const svgs = [...container.querySelectorAll('.badge-icon svg')];
    expect(svgs.map((s) => [...s.classList].find((c) => c.startsWith('icon-')))).toEqual(['icon-comment', 'icon-trophy', 'icon-trophy']);
  });
});
