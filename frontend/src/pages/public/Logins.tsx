/** /CustomerLogin, /SellerLogin, /AdminLogin (spec 000 and 001 section 2). */
import { Anchor, Group, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { identityApi } from '../../api/identity';
import { LoginForm } from '../../components/LoginForm';
import { PublicPage } from '../../components/PublicPage';

/** Where to go after login: back to the page that asked for it, inside the same area. */
function useAfterLogin(area: string, home: string) {
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  return () => navigate(from && from.toLowerCase().startsWith(area.toLowerCase()) ? from : home, { replace: true });
}

export function CustomerLogin() {
  const done = useAfterLogin('/Customer/', '/Customer/Home');
  return (
    <PublicPage>
      <LoginForm
        title="Customer Login"
        rememberMe
        onLogin={async (u, p, r) => {
          await identityApi.loginCustomer(u, p, r);
          done();
        }}
      >
        <Group justify="space-between">
          <Anchor component={Link} to="/CustomerForgotPassword" size="sm">
            Forgot password?
          </Anchor>
          <Anchor component={Link} to="/CustomerRegistration" size="sm">
            Create an account
          </Anchor>
        </Group>
      </LoginForm>
    </PublicPage>
  );
}

export function SellerLogin() {
  const done = useAfterLogin('/Seller/', '/Seller/Home');
  return (
    <PublicPage>
      <LoginForm
        title="Seller Login"
        rememberMe
        onLogin={async (u, p, r) => {
          await identityApi.loginSeller(u, p, r);
          done();
        }}
      >
        <Group justify="space-between">
          <Anchor component={Link} to="/SellerForgotPassword" size="sm">
            Forgot password?
          </Anchor>
          <Anchor component={Link} to="/SellerRegistration" size="sm">
            Start Your Business
          </Anchor>
        </Group>
        <Text size="sm" ta="center">
          Shopping instead?{' '}
          <Anchor component={Link} to="/CustomerLogin">
            Customer login
          </Anchor>
        </Text>
      </LoginForm>
    </PublicPage>
  );
}

export function AdminLogin() {
  const done = useAfterLogin('/Admin/', '/Admin/Home');
  return (
    <PublicPage>
      <LoginForm
        title="Staff Login"
        onLogin={async (u, p) => {
          await identityApi.loginAdmin(u, p);
          done();
        }}
      />
    </PublicPage>
  );
}
