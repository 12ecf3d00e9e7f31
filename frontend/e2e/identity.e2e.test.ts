/**
 * End-to-end journeys of the identity slice in Debian's Chromium:
 * 1. a customer registers, logs in, edits the profile and logs out;
 * 2. a company applies, the admin accepts it, the seller signs in with the credentials e-mailed
 *    (read from MailDev) and changes the password;
 * 3. a customer resets a forgotten password with the code from MailDev.
 */
import { RESET_CODE_SENT } from '@market/contracts';
import { mailsTo, uniqueName, waitFor } from '@market/platform/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E(['identity', 'notifications', 'catalogue']);
}, 180_000);

afterAll(async () => {
  await e2e?.stop();
});

async function latestMail(to: string, subject: RegExp) {
  return waitFor(async () => (await mailsTo(to)).filter((m) => subject.test(m.subject)).pop(), 20_000, 200, `mail to ${to}`);
}

describe('customer account journey', () => {
  it('registers, logs in, edits the profile and logs out', async () => {
    const page = await e2e.newPage();
    const username = uniqueName('amaya').replace(/-/g, '');
    await page.goto('/');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('First Name').fill('Amaya');
    await page.getByLabel('Last Name').fill('Wickramasinghe');
    await page.getByLabel('Email').fill(`${username}@example.lk`);
    await page.getByLabel('Phone Number').fill('07712'); // too short first
    await page.getByLabel('Birthday').fill('1998-07-21');
    await page.getByRole('textbox', { name: 'Gender' }).click();
    await page.getByRole('option', { name: 'Female' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel(/^Password/).fill('Colombo#2026');
    await page.getByLabel('Confirm Password').fill('Colombo#2026');
    await page.getByLabel('I agree with the terms & conditions').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Phone Number must be 10 digit number').waitFor();
    await page.getByLabel('Phone Number').fill('0771234567');
    await page.getByRole('button', { name: 'Sign up' }).click();

    await page.waitForURL('**/CustomerLogin');
    // The address changes a moment before the new page shows (React Router renders in a
    // transition): type into the login form, not into the page it replaces.
    await page.getByRole('heading', { name: 'Customer Login' }).waitFor();
    await page.getByLabel('Username').fill(username);
    await page
      .getByLabel(/^Password/)
      .and(page.locator('input'))
      .fill('Wrong#2026');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Oops... Please Check Your Username & Password!').waitFor();
    await page
      .getByLabel(/^Password/)
      .and(page.locator('input'))
      .fill('Colombo#2026');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/Customer/Home');
    await page.getByRole('heading', { name: 'Hello, Amaya!' }).waitFor();
    expect(await page.getByTestId('signed-in-name').textContent()).toBe(username);

    await page.getByRole('link', { name: 'My Profile' }).first().click();
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await page.getByLabel('First Name').fill('Amaya Nadeeka');
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    await page.locator('img[src*="/images/"]').first().waitFor();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL('**/Customer/MyProfile');
    await page.getByRole('heading', { name: 'Amaya Nadeeka Wickramasinghe' }).waitFor();
    // The new photo is served by the image store and actually loads.
    const avatar = page.getByRole('img', { name: "Amaya Nadeeka's photo" });
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toMatch(/\/images\/[0-9a-f]{64}\.webp$/);
    expect(await avatar.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);

    await page.getByRole('button', { name: 'Logout' }).click();
    // Logout goes to the customer login page (spec 000 section 2).
    await page.waitForURL('**/CustomerLogin');
    // The session is gone: the customer area sends the visitor to login.
    await page.goto('/Customer/MyProfile');
    await page.waitForURL('**/CustomerLogin');
  });
});

describe('seller onboarding journey', () => {
  it('applies, is accepted by the admin, signs in with the e-mailed credentials and changes the password', async () => {
    const seller = await e2e.newPage();
    const tag = uniqueName('shop').replace(/-/g, '');
    const email = `${tag}@example.lk`;
    await seller.goto('/SellerRegistration');
    await seller.getByLabel("Owner's Name").fill('Chaminda Rathnayake');
    await seller.getByLabel('Mobile Number').fill('0712345678');
    await seller.getByLabel('Company Name').fill(`Galle Gadgets ${tag}`);
    await seller.getByLabel('Established Year').fill('2012');
    await seller.getByLabel('Physical Address').fill('18 Church Street, Galle Fort');
    await seller.getByLabel('Description').fill('Phones and accessories in the south.');
    await seller.getByLabel('Email').fill(email);
    await seller.getByRole('button', { name: 'Send application' }).click();
    await seller.getByText('You Should Agree To Our Terms & Conditions!!').waitFor();
    await seller.getByLabel('I agree to the terms & conditions').check();
    await seller.getByRole('button', { name: 'Send application' }).click();
    await seller.getByRole('heading', { name: 'Application received' }).waitFor();

    const admin = await e2e.newPage();
    await admin.goto('/AdminLogin');
    await admin.getByLabel('Username').fill(e2e.stack.admin.username);
    await admin
      .getByLabel(/^Password/)
      .and(admin.locator('input'))
      .fill(e2e.stack.admin.password);
    await admin.getByRole('button', { name: 'Login' }).click();
    await admin.waitForURL('**/Admin/Home');
    await admin.getByRole('link', { name: 'Seller Requests' }).first().click();
    await admin.getByLabel('Search by company, owner, year or email').fill(tag);
    await admin.getByText(`Galle Gadgets ${tag}`).click();
    await admin.getByRole('button', { name: 'Accept' }).click();
    await admin.getByText('Request accepted successfully!').waitFor();

    const mail = await latestMail(email, /Welcome aboard/);
    const username = /^Username: (\S+)$/m.exec(mail.text)![1]!;
    const password = /^Password: (\S+)$/m.exec(mail.text)![1]!;

    await seller.goto('/SellerLogin');
    await seller.getByLabel('Username').fill(username);
    await seller
      .getByLabel(/^Password/)
      .and(seller.locator('input'))
      .fill(password);
    await seller.getByRole('button', { name: 'Login' }).click();
    await seller.waitForURL('**/Seller/Home');
    await seller.getByRole('heading', { name: 'All the Items' }).waitFor();
    await seller.goto('/Seller/sellerPassword');
    await seller.getByLabel('Current password').fill(password);
    await seller.getByLabel(/^New password/).fill('Galle#Fort2026');
    await seller.getByLabel('Confirm new password').fill('Galle#Fort2026');
    await seller.getByRole('button', { name: 'Save' }).click();
    await seller.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await seller.waitForURL('**/Seller/MyProfile');
    await seller.getByRole('button', { name: 'SIGNOUT' }).click();
    // Logout revokes the session, then opens the seller login page (without a page to return to).
    await seller.waitForURL('**/SellerLogin');
    await seller.getByRole('heading', { name: 'Seller Login' }).waitFor();
    await seller.getByLabel('Username').fill(username);
    await seller
      .getByLabel(/^Password/)
      .and(seller.locator('input'))
      .fill('Galle#Fort2026');
    await seller.getByRole('button', { name: 'Login' }).click();
    await seller.waitForURL('**/Seller/Home');
  });
});

describe('forgotten password journey', () => {
  it('resets the password with the code from the e-mail', async () => {
    const username = uniqueName('ravi').replace(/-/g, '');
    const email = `${username}@example.lk`;
    const res = await fetch(`${e2e.stack.gatewayUrl}/Customer/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Ravi',
        lastName: 'Kumar',
        email,
        phoneNumber: '0761234567',
        dob: '1990-03-03',
        gender: 'Male',
        username,
        password: 'Jaffna#2026',
      }),
    });
    expect(res.status).toBe(201);

    const page = await e2e.newPage();
    await page.goto('/CustomerLogin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(RESET_CODE_SENT).waitFor();
    const mail = await latestMail(email, /reset code/);
    const code = /^Code: (\S+)$/m.exec(mail.text)![1]!;
    await page.getByLabel('Code').fill('WRONGCODE');
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.getByText('Code Verified Unsuccessfully!').waitFor();
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.getByText('Code Verified Successfully!').waitFor();
    await page.getByLabel('New password').fill('Trinco#2027');
    await page.getByLabel('Confirm password').fill('Trinco#2028');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('password mismatch!').waitFor();
    await page.getByLabel('Confirm password').fill('Trinco#2027');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL('**/CustomerLogin');
    // The address changes a moment before the new page shows (React Router renders in a
    // transition): type into the login form, not into the page it replaces.
    await page.getByRole('heading', { name: 'Customer Login' }).waitFor();
    await page.getByLabel('Username').fill(username);
    await page
      .getByLabel(/^Password/)
      .and(page.locator('input'))
      .fill('Trinco#2027');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/Customer/Home');
  });
});
