import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { HelpIcon } from './help-icon';
import { InfoCard } from './info-card';
import { LoadingScreen } from './loading-screen';
import { SanitizedHtml, sanitizeHtml } from './sanitized-html';

describe('shared components', () => {
  it('SanitizedHtml keeps formatting and drops scripts, handlers and javascript: links', () => {
    renderWithProviders(
      <SanitizedHtml
        html={
          '<p><strong>Hi</strong><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">bad</a><a href="https://ok.example">ok</a></p><script>alert(1)</script>'
        }
      />,
    );
    expect(screen.getByText('Hi').tagName).toBe('STRONG');
    const html = document.body.innerHTML;
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<script');
    expect(screen.getByRole('link', { name: 'ok' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(sanitizeHtml(null)).toBe('');
  });

  it('LoadingScreen shows its message, or announces loading without one', () => {
    const { unmount } = renderWithProviders(<LoadingScreen message="Loading Profiles" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Profiles');
    unmount();
    renderWithProviders(<LoadingScreen />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('HelpIcon opens its title and tip on click', async () => {
    const { user } = renderWithProviders(
      <HelpIcon title="Slots" tip="Several sponsors can share one profile." />,
    );
    expect(screen.queryByText('Several sponsors can share one profile.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Help: Slots' }));
    expect(screen.getByText('Slots')).toBeInTheDocument();
    expect(screen.getByText('Several sponsors can share one profile.')).toBeInTheDocument();
  });

  it('InfoCard shows a title, a subtitle, an optional image and a body', () => {
    renderWithProviders(
      <InfoCard title="Tuition" subtitle="Per month" image={{ src: '/media/a.webp', alt: 'A classroom' }}>
        Covers fees.
      </InfoCard>,
    );
    expect(screen.getByRole('heading', { name: 'Tuition', level: 3 })).toBeInTheDocument();
    expect(screen.getByText('Per month')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'A classroom' })).toHaveAttribute('src', '/media/a.webp');
    expect(screen.getByText('Covers fees.')).toBeInTheDocument();
  });
});
