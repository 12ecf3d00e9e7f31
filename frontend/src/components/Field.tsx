/** A labelled read-only value of a profile or detail page. */
import { Grid, Text } from '@mantine/core';

export function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value || '—'}</Text>
    </div>
  );
}

/** Labelled values in two columns; a row marked `wide` takes the whole line. */
export function FieldGrid({ rows }: { rows: { label: string; value: string; wide?: boolean }[] }) {
  return (
    <Grid>
      {rows.map((r) => (
        <Grid.Col key={r.label} span={r.wide ? 12 : { base: 12, sm: 6 }}>
          <Field label={r.label} value={r.value} />
        </Grid.Col>
      ))}
    </Grid>
  );
}
