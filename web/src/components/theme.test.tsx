import IconButton from '@mui/material/IconButton';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

// happy-dom evaluates media queries against its viewport, which setting innerWidth alone does not change.
const { innerWidth: initialWidth, innerHeight: height } = window;
const viewport = (width: number) =>
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height });
afterEach(() => {
  viewport(initialWidth);
});

function renderSmallIconButton() {
  render(
    <ThemeProvider theme={theme}>
      <IconButton size="small" aria-label="edit">
        x
      </IconButton>
    </ThemeProvider>,
  );
  return getComputedStyle(screen.getByRole('button', { name: 'edit' }));
}

describe('the theme', () => {
  it('gives small icon buttons a 44 px target on a phone', () => {
    viewport(390);
    const style = renderSmallIconButton();
    expect(style.minWidth).toBe('44px');
    expect(style.minHeight).toBe('44px');
  });

  it('leaves them as drawn on a desktop', () => {
    viewport(1600);
    expect(renderSmallIconButton().minWidth).not.toBe('44px');
  });
});
