/**
 * The Terms and Conditions (there was no such page): a public route (no session around it), content
 * for this marketplace, and links from both registrations (near the submit button) and from the
 * footer every page shows.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { isValidElement, type ReactNode } from 'react';
import { MemoryRouter, matchRoutes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Footer } from '../../components/Footer';
import { pageComponent } from '../../lib/lazyPage';
import { routes } from '../../routes';
import { fakeGateway } from '../../test-utils';
import { CustomerRegistration } from './CustomerRegistration';
import { SellerRegistration } from './SellerRegistration';
import { TermsAndConditions } from './Terms';

afterEach(() => vi.unstubAllGlobals());

const show = (page: ReactNode) =>
  render(
    <MantineProvider>
      <MemoryRouter>{page}</MemoryRouter>
    </MantineProvider>,
  );

describe('terms and conditions', () => {
  it('/TermsAndConditions is a public route: the page itself, behind no session (loaded when first shown)', async () => {
    const chain = (matchRoutes(routes, '/TermsAndConditions') ?? []).map((m) => m.route);
    expect(chain).toHaveLength(1);
    // routes.tsx wraps the lazy page in its own <Suspense>, as the other public pages.
    const element = chain[0]!.element;
    const page = isValidElement<{ children?: ReactNode }>(element) ? element.props.children : undefined;
    expect(isValidElement(page) && (await pageComponent(page.type)) === TermsAndConditions).toBe(true);
  });

  it('says what applies here: sellers, payments in LKR, cancellations and refunds, reviews, privacy', () => {
    const calls = fakeGateway({});
    show(<TermsAndConditions />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      '1. Your account',
      '2. Sellers',
      '3. Prices and payments',
      '4. Delivery, cancellations, returns and refunds',
      '5. Reviews and messages',
      '6. Privacy',
      '7. Changes and contact',
    ]);
    const payments = screen.getByRole('region', { name: '3. Prices and payments' });
    expect(within(payments).getByText(/Sri Lankan rupees \(LKR\), shown as Rs\. 12,345\.00/)).toBeInTheDocument();
    const refunds = screen.getByRole('region', { name: '4. Delivery, cancellations, returns and refunds' });
    expect(within(refunds).getByText(/A seller can cancel a confirmed order/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: '5. Reviews and messages' })).getByText(/administrators read reported reviews/),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '6. Privacy' })).getByText(/never the\s+full number or the CVC/)).toBeInTheDocument();
    // Nothing is asked of the server: no session needed.
    expect(calls).toEqual([]);
  });

  it.each([
    ['customer', () => <CustomerRegistration />, 'Sign up'],
    ['seller', () => <SellerRegistration />, 'Send application'],
  ])('the %s registration says "By registering you agree to the Terms and Conditions" under its button', (_kind, page, button) => {
    fakeGateway({});
    show(page());
    const submit = screen.getByRole('button', { name: button });
    // In the form (the footer has its own link).
    const link = within(submit.closest('form')!).getByRole('link', { name: 'Terms and Conditions' });
    expect(link).toHaveAttribute('href', '/TermsAndConditions');
    // Opens beside the form, so nothing typed is lost.
    expect(link).toHaveAttribute('target', '_blank');
    const note = link.closest('p')!;
    expect(note.textContent).toBe('By registering you agree to the Terms and Conditions.');
    // The page's title is its one h1 (axe's page-has-heading-one).
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // After the submit button in the document order.
    expect(submit.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('the footer of every page links to the terms', () => {
    show(<Footer />);
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/TermsAndConditions');
  });
});
