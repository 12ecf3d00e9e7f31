/** The pager of every list. */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager } from './ListControls';

describe('Pager', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says how many results there are and takes the reader to the top of the new page (issue 32 item 4)', () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <Pager page={1} total={45} limit={20} onChange={onChange} />
      </MantineProvider>,
    );
    expect(screen.getByText('45 results')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(onChange).toHaveBeenCalledWith(2);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    vi.unstubAllGlobals();
  });

  it('offers no pages for a single page of results', () => {
    render(
      <MantineProvider>
        <Pager page={1} total={1} limit={20} onChange={() => undefined} />
      </MantineProvider>,
    );
    expect(screen.getByText('1 result')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '2' })).toBeNull();
  });
});
