/** An item's rating: stars named by their value, the review count, or the documents' "No Ratings yet!". */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ItemRating } from './Rating';

describe('ItemRating', () => {
  it('shows the rating as five stars, so many filled, named "n out of 5 stars", and the count', () => {
    render(
      <MantineProvider>
        <ItemRating rating={4} count={12} />
      </MantineProvider>,
    );
    const stars = screen.getByRole('img', { name: '4 out of 5 stars' });
    expect(stars.querySelectorAll('svg')).toHaveLength(5);
    expect(stars.querySelectorAll('svg.tabler-icon-star-filled')).toHaveLength(4);
    expect(screen.getByText('(12)')).toBeInTheDocument();
  });

  it('says "No Ratings yet!" without a rating', () => {
    render(
      <MantineProvider>
        <ItemRating rating={null} />
      </MantineProvider>,
    );
    expect(screen.getByText('No Ratings yet!')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
