import { Anchor, Group, List, Paper, Progress, Text, ThemeIcon, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useSetupChecklist } from '../api/get-setup-checklist';

/** Each step's mark, hidden from screen readers (the step says "(done)" or "(to do)" in words). */
const MARK = { done: '✓', toDo: '·' };

/**
 * A new partner's setup checklist (issue 14 item 5): branding, a type with a plan, a program, a
 * first record, payments and the team, each read from the partner's data and linking to its
 * section; shown until every step is done.
 */
export function SetupChecklist({ enabled }: { enabled: boolean }) {
  const { data } = useSetupChecklist(enabled);
  if (!data || data.done) return null;
  const done = data.steps.filter((s) => s.done).length;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="setup-heading">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="setup-heading">
          <FormattedMessage id="staff.shell.setup.title" defaultMessage="Set up your site" />
        </Title>
        <Text size="sm" c="dimmed">
          <FormattedMessage
            id="staff.shell.setup.progress"
            defaultMessage="{done} of {total} done"
            values={{ done, total: data.steps.length }}
          />
        </Text>
      </Group>
      <Progress value={(done / data.steps.length) * 100} mb="sm" aria-hidden />
      <List spacing="xs" listStyleType="none" p={0}>
        {data.steps.map((step) => (
          <List.Item
            key={step.step}
            icon={
              <ThemeIcon
                size={20}
                radius="xl"
                color={step.done ? 'green' : 'gray'}
                variant={step.done ? 'filled' : 'light'}
              >
                <span aria-hidden>{step.done ? MARK.done : MARK.toDo}</span>
              </ThemeIcon>
            }
          >
            {step.done ? (
              <Text component="span" td="line-through" c="dimmed">
                {step.label}
              </Text>
            ) : (
              <Anchor component={Link} to={`/dashboard/${step.section}`}>
                {step.label}
              </Anchor>
            )}
            <Text component="span" size="xs" c="dimmed" ml={6}>
              {step.done ? (
                <FormattedMessage id="staff.shell.setup.stepDone" defaultMessage="(done)" />
              ) : (
                <FormattedMessage id="staff.shell.setup.stepToDo" defaultMessage="(to do)" />
              )}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
