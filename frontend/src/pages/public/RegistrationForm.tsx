/**
 * The frame of the two sign-up pages, /CustomerRegistration and /SellerRegistration: the title,
 * the way to the login for those already registered, the fields on a grid with the failure of
 * the last submit above them, then the terms checkbox, the submit button and the note linking
 * the Terms and Conditions.
 */
import { Anchor, Button, Checkbox, Grid, Paper, Text, Title, type CheckboxProps } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { GridForm } from '../../components/GridForm';
import { PublicPage } from '../../components/PublicPage';
import { TermsNote } from './Terms';

export function RegistrationForm({
  title,
  titleGap,
  login,
  submit,
  terms,
  submitLabel,
  failureTitle,
  children,
}: {
  title: string;
  /** Space under the title (Mantine spacing). */
  titleGap?: string;
  /** The question before the login link, the link's text and where it goes. */
  login: { question: string; text: string; to: string };
  /** From `useFormSubmit`. */
  submit: { submit: FormEventHandler<HTMLFormElement>; busy: boolean; failure: string | null };
  /** The terms checkbox: its label and the form's input props for it. */
  terms: { label: string } & CheckboxProps;
  submitLabel: string;
  failureTitle?: string;
  /** The fields, as `Grid.Col`s. */
  children: ReactNode;
}) {
  return (
    <PublicPage size="md">
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Title order={1} size="h2" mb={titleGap}>
          {title}
        </Title>
        <Text c="dimmed" mb="lg" size="sm">
          {login.question}{' '}
          <Anchor component={Link} to={login.to}>
            {login.text}
          </Anchor>
        </Text>
        <GridForm onSubmit={submit.submit} failure={submit.failure} failureTitle={failureTitle}>
          {children}
          <Grid.Col span={12}>
            <Checkbox {...terms} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Button type="submit" loading={submit.busy}>
              {submitLabel}
            </Button>
          </Grid.Col>
          <Grid.Col span={12}>
            <TermsNote />
          </Grid.Col>
        </GridForm>
      </Paper>
    </PublicPage>
  );
}
