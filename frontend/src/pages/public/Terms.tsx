/**
 * /TermsAndConditions: the public Terms and Conditions page, reachable without signing in and
 * linked from both registrations ({@link TermsNote}) and every footer.
 *
 * What it says follows how the marketplace works (README "Checkout", spec 000 and 001): prices
 * and payments in LKR with the Rs. 100 delivery & VAT of a checkout, stock reserved after paying
 * (a checkout that cannot be filled is refunded in full), sellers' cancellations refunded per
 * order line, reviews one per customer and item and moderated by the admins, card numbers kept
 * only as brand, last four digits and expiry.
 */
import { useTranslation } from 'react-i18next';
import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PublicPage } from '../../components/PublicPage';
import { TERMS_PATH } from './termsPath';

export { TERMS_PATH };

/** The date of this version of the terms, shown at the top. */
export const TERMS_UPDATED = '25 November 2026';

/**
 * The line under a registration form's submit button: "By registering you agree to the Terms and
 * Conditions", the link opening the terms in a new tab so the form keeps what was typed.
 */
export function TermsNote() {
  const { t } = useTranslation('auth');
  return (
    <Text size="sm" c="dimmed">
      {t('termsNoteBefore')}{' '}
      <Anchor component={Link} to={TERMS_PATH} target="_blank" rel="noopener">
        {t('termsNoteLink')}
      </Anchor>
      .
    </Text>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </section>
  );
}

export function TermsAndConditions() {
  return (
    <PublicPage size="md">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <div>
            <Title order={1}>Terms and Conditions</Title>
            <Text c="dimmed" size="sm">
              Last updated {TERMS_UPDATED}
            </Text>
          </div>
          <Text>
            These terms apply to everyone who uses Lanka Electronics Marketplace: customers who browse and buy, seller companies who list
            items and promo packages, and our administrators. By registering or placing an order you accept them. They are governed by the
            laws of Sri Lanka, and nothing in them takes away the rights the Consumer Affairs Authority Act, No. 9 of 2003 gives you as a
            consumer.
          </Text>

          <Section id="terms-accounts" title="1. Your account">
            <List spacing={4}>
              <List.Item>Give true details when you register, and keep your username and password to yourself.</List.Item>
              <List.Item>
                After 10 wrong passwords in 15 minutes we lock the account for the rest of that time, to keep others out. You can reset a
                forgotten password with a code we e-mail to you.
              </List.Item>
              <List.Item>
                You can delete your customer account from your profile with your password. Records the law requires us to keep (orders,
                payments and refunds) are kept; your profile, wishlist, cart and saved cards go.
              </List.Item>
            </List>
          </Section>

          <Section id="terms-sellers" title="2. Sellers">
            <List spacing={4}>
              <List.Item>
                Companies apply to sell; an administrator reviews each application and, once it is accepted, e-mails the seller
                account&apos;s details.
              </List.Item>
              <List.Item>
                Sellers are responsible for what they list: genuine, new goods as described, with the stated warranty, a correct price and
                stock, and compliance with Sri Lankan law (including TRCSL type approval for phones and other radio equipment where it
                applies).
              </List.Item>
              <List.Item>Sellers ship their confirmed orders and keep their status up to date (Shipped, Delivered or Cancelled).</List.Item>
              <List.Item>
                A seller may ask for its account to be closed; an administrator reviews the request, and its items and packages then leave
                the marketplace. Administrators may also remove a seller, item or package that breaks these terms.
              </List.Item>
            </List>
          </Section>

          <Section id="terms-payments" title="3. Prices and payments">
            <List spacing={4}>
              <List.Item>
                Prices are in Sri Lankan rupees (LKR), shown as Rs. 12,345.00, and include any discount the item shows. Each checkout adds
                Rs. 100.00 for delivery &amp; VAT, shown before you pay.
              </List.Item>
              <List.Item>
                You pay with a card saved in your wallet (you enter its CVC each time) or with the wallet provider. The price is the one our
                servers calculate at checkout, never a price sent from the browser.
              </List.Item>
              <List.Item>
                Your payment is taken once per checkout. We then reserve the stock of every line: when all of it is available the order is
                Confirmed; when it is not, the whole checkout is Rejected and we refund the full amount to the way you paid.
              </List.Item>
            </List>
          </Section>

          <Section id="terms-cancellations" title="4. Delivery, cancellations, returns and refunds">
            <List spacing={4}>
              <List.Item>
                A confirmed order goes from the seller to you; My Orders shows where it is (Confirmed, Shipped, Delivered).
              </List.Item>
              <List.Item>
                A seller can cancel a confirmed order it cannot fulfil. The amount of that order is refunded to the way you paid, the
                payment history shows it (Partially refunded, or Refunded once every order of the checkout is cancelled, when the Rs. 100.00
                delivery &amp; VAT is refunded too), and we e-mail you.
              </List.Item>
              <List.Item>
                To cancel an order yourself before it ships, or to return an item that is faulty, damaged or not as described, message the
                seller (Contact seller) or write to us (Contact us). Warranty claims go to the seller under the warranty stated on the item.
              </List.Item>
              <List.Item>
                Refunds go back only to the card or wallet you paid with; how soon they show depends on your bank or wallet provider.
              </List.Item>
            </List>
          </Section>

          <Section id="terms-reviews" title="5. Reviews and messages">
            <List spacing={4}>
              <List.Item>
                You may write one review per item, with stars and text, and edit or delete it later. Reviews must be honest, about the item,
                and free of abuse, advertising and other people&apos;s personal details.
              </List.Item>
              <List.Item>
                Sellers can report a review they believe breaks these rules; administrators read reported reviews and remove those that do.
                We do not remove a review only because it is unfavourable.
              </List.Item>
              <List.Item>Messages to sellers and to us must be about shopping here; we may remove abusive ones.</List.Item>
            </List>
          </Section>

          <Section id="terms-privacy" title="6. Privacy">
            <List spacing={4}>
              <List.Item>
                We keep what we need to run your account and your orders: your name, e-mail, phone number, address, birthday and gender,
                your orders, payments, reviews and messages.
              </List.Item>
              <List.Item>
                Passwords are stored only as hashes. Of a card we keep its brand, last four digits and expiry, never the full number or the
                CVC.
              </List.Item>
              <List.Item>
                A seller sees what it needs to deliver your order to you. We do not sell your data. We e-mail you about your account and
                your orders, and send the alerts you choose in your profile.
              </List.Item>
              <List.Item>
                Under the Personal Data Protection Act, No. 9 of 2022, you can ask us what we hold about you, have it corrected, or delete
                your account.
              </List.Item>
            </List>
          </Section>

          <Section id="terms-changes" title="7. Changes and contact">
            <Text>
              We may update these terms; the date above says when they last changed, and changes apply to orders placed after it. Questions?
              Signed-in customers can write to us from Contact us; anyone can{' '}
              <Anchor component={Link} to="/CustomerLogin">
                sign in
              </Anchor>{' '}
              or{' '}
              <Anchor component={Link} to="/CustomerRegistration">
                register
              </Anchor>
              .
            </Text>
          </Section>
        </Stack>
      </Paper>
    </PublicPage>
  );
}
