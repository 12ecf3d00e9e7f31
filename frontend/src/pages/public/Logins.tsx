/** /CustomerLogin, /SellerLogin, /AdminLogin (spec 000 and 001 section 2). */
import { useTranslation } from 'react-i18next';
import { Anchor, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { identityApi } from '../../api/identity';
import { LoginForm } from '../../components/LoginForm';
import { PublicPage } from '../../components/PublicPage';
import { useSignedIn } from '../../session/session';

/** What tells the three login pages apart. */
interface RoleLoginConfig {
  /** The page's title: a key of the `auth` catalogue. */
  title: string;
  /** The role's area: after login the page that asked for it, if it lies inside, else `home`. */
  area: string;
  home: string;
  /** Offers "Remember me" (customers and sellers; staff always sign in for the session). */
  rememberMe?: boolean;
  login: (username: string, password: string, rememberMe: boolean) => Promise<unknown>;
}

const ROLE_LOGINS = {
  customer: {
    title: 'customerLogin',
    area: '/Customer/',
    home: '/Customer/Home',
    rememberMe: true,
    login: (username, password, rememberMe) => identityApi.loginCustomer(username, password, rememberMe),
  },
  seller: {
    title: 'sellerLogin',
    area: '/Seller/',
    home: '/Seller/Home',
    rememberMe: true,
    login: (username, password, rememberMe) => identityApi.loginSeller(username, password, rememberMe),
  },
  admin: {
    title: 'staffLogin',
    area: '/Admin/',
    home: '/Admin/Home',
    login: (username, password) => identityApi.loginAdmin(username, password),
  },
} satisfies Record<string, RoleLoginConfig>;

/** Where to go after login: back to the page that asked for it, inside the same area. */
function useAfterLogin(area: string, home: string) {
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  return () => navigate(from && from.toLowerCase().startsWith(area.toLowerCase()) ? from : home, { replace: true });
}

/** One role's login page: the shared form, then back into the role's area; `children` below the form's fields. */
function RoleLogin({ role, children }: { role: keyof typeof ROLE_LOGINS; children?: ReactNode }) {
  const { title, area, home, rememberMe, login }: RoleLoginConfig = ROLE_LOGINS[role];
  const done = useAfterLogin(area, home);
  const { t } = useTranslation('auth');
  // Already signed in to this area: its home, not the login form again.
  if (useSignedIn(role)) return <Navigate to={home} replace />;
  return (
    <PublicPage>
      <LoginForm
        title={t(title)}
        rememberMe={rememberMe}
        onLogin={async (u, p, r) => {
          await login(u, p, r);
          done();
        }}
      >
        {children}
      </LoginForm>
    </PublicPage>
  );
}

/** "Forgot password?" on the left, the way to sign up on the right. */
function AccountLinks({ forgot, signUp, signUpText }: { forgot: string; signUp: string; signUpText: string }) {
  const { t } = useTranslation('auth');
  return (
    <Group justify="space-between">
      <Anchor component={Link} to={forgot} size="sm">
        {t('forgotPasswordLink')}
      </Anchor>
      <Anchor component={Link} to={signUp} size="sm">
        {t(signUpText)}
      </Anchor>
    </Group>
  );
}

export function CustomerLogin() {
  return (
    <RoleLogin role="customer">
      <AccountLinks forgot="/CustomerForgotPassword" signUp="/CustomerRegistration" signUpText="createAccount" />
    </RoleLogin>
  );
}

export function SellerLogin() {
  const { t } = useTranslation('auth');
  return (
    <RoleLogin role="seller">
      <AccountLinks forgot="/SellerForgotPassword" signUp="/SellerRegistration" signUpText="startBusiness" />
      <Text size="sm" ta="center">
        {t('shoppingInstead')}{' '}
        <Anchor component={Link} to="/CustomerLogin">
          {t('customerLoginLink')}
        </Anchor>
      </Text>
    </RoleLogin>
  );
}

export function AdminLogin() {
  return <RoleLogin role="admin" />;
}
