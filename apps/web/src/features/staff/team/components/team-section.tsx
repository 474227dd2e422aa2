import {
  invitationInputSchema,
  STAFF_ROLE_IDS,
  teamMemberUpdateSchema,
  type Invitation,
  type InvitationInput,
  type TeamMember,
  type TeamMemberUpdate,
} from '@kinship/domain';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { loose } from '../../../../i18n/loose-messages';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../components/staff/confirm-dialog';
import { FormCard } from '../../../../components/staff/form-card';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import { ServerDataTable, type StaffColumn } from '../../../../components/staff/server-data-table';
import { useFormat } from '../../../../i18n/use-format';
import {
  invitationsQueryOptions,
  teamProgramsQueryOptions,
  teamQueryOptions,
  useInviteMember,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
  useUpdateMember,
} from '../api/team-api';
import { roleName, roleNames } from '../../../../components/staff/role-names';

const m = loose(
  defineMessages({
    title: { id: 'staff.team.title', defaultMessage: 'Team' },
    intro: {
      id: 'staff.team.intro',
      defaultMessage: 'Who works on this partner, with which roles and programs.',
    },
    staff: { id: 'staff.team.staff.title', defaultMessage: 'Staff' },
    searchStaff: { id: 'staff.team.staff.search', defaultMessage: 'Search staff' },
    noStaff: { id: 'staff.team.staff.empty', defaultMessage: 'No staff yet.' },
    invitations: { id: 'staff.team.invitations.title', defaultMessage: 'Invitations' },
    searchInvitations: { id: 'staff.team.invitations.search', defaultMessage: 'Search invitations' },
    noInvitations: { id: 'staff.team.invitations.empty', defaultMessage: 'No invitations yet.' },
    roles: { id: 'staff.team.field.roles', defaultMessage: 'Roles' },
    limit: { id: 'staff.team.field.programs', defaultMessage: 'Limit to programs' },
    limitHint: {
      id: 'staff.team.field.programs.hint',
      defaultMessage:
        "Leave empty for every program. A limited person sees and counts only these programs' records.",
    },
    hintAdministrator: {
      id: 'staff.team.role.hint.administrator',
      defaultMessage: 'runs the partner: settings, team, audit log and everything below',
    },
    hintReporting: {
      id: 'staff.team.role.hint.reporting',
      defaultMessage: 'reads records, sponsors, donations and reports',
    },
    hintManagement: {
      id: 'staff.team.role.hint.management',
      defaultMessage: 'edits records, pictures, programs and updates',
    },
    hintMessages: {
      id: 'staff.team.role.hint.messages',
      defaultMessage: 'writes updates and moderates letters',
    },
    hintDonorManagement: {
      id: 'staff.team.role.hint.donorManagement',
      defaultMessage: 'cares for sponsors, their sponsorships and refunds',
    },
    inviteTitle: { id: 'staff.team.invite.title', defaultMessage: 'Invite a person' },
    inviteSubmit: { id: 'staff.team.invite.submit', defaultMessage: 'Send invitation' },
    email: { id: 'staff.team.field.email', defaultMessage: 'Email' },
    inviteSent: {
      id: 'staff.team.invite.sent',
      defaultMessage: 'Invitation sent to {email}. The link works once, for 7 days.',
    },
    rolesOf: { id: 'staff.team.edit.title', defaultMessage: 'Roles of {name}' },
    save: { id: 'staff.team.edit.save', defaultMessage: 'Save' },
    leaves: {
      id: 'staff.team.edit.leaves',
      defaultMessage: 'With no role and no program the person leaves the team.',
    },
    program: { id: 'staff.team.program.fallback', defaultMessage: 'Program {id}' },
    colPerson: { id: 'staff.team.column.person', defaultMessage: 'Person' },
    you: { id: 'staff.team.you', defaultMessage: 'you' },
    colEmail: { id: 'staff.team.column.email', defaultMessage: 'Email' },
    colRoles: { id: 'staff.team.column.roles', defaultMessage: 'Roles' },
    colPrograms: { id: 'staff.team.column.programs', defaultMessage: 'Programs' },
    allPrograms: { id: 'staff.team.allPrograms', defaultMessage: 'All programs' },
    colActions: { id: 'staff.team.column.actions', defaultMessage: 'Actions' },
    edit: { id: 'staff.team.action.edit', defaultMessage: 'Edit' },
    history: { id: 'staff.team.action.history', defaultMessage: 'History' },
    historyOf: { id: 'staff.team.action.history.label', defaultMessage: 'History of {name}' },
    remove: { id: 'staff.team.action.remove', defaultMessage: 'Remove' },
    colState: { id: 'staff.team.column.state', defaultMessage: 'State' },
    colUntil: { id: 'staff.team.column.until', defaultMessage: 'Until' },
    resend: { id: 'staff.team.action.resend', defaultMessage: 'Resend' },
    revoke: { id: 'staff.team.action.revoke', defaultMessage: 'Revoke' },
    removeTitle: { id: 'staff.team.remove.title', defaultMessage: 'Remove from the team' },
    removeMessage: {
      id: 'staff.team.remove.message',
      defaultMessage: '{name} loses every role and program at this partner.',
    },
    failed: { id: 'staff.team.error', defaultMessage: 'Something went wrong.' },
  }),
);

/** An invitation's state, as staff read it. */
const stateMessages = loose(
  defineMessages({
    pending: { id: 'staff.team.invitation.state.pending', defaultMessage: 'pending' },
    accepted: { id: 'staff.team.invitation.state.accepted', defaultMessage: 'accepted' },
    expired: { id: 'staff.team.invitation.state.expired', defaultMessage: 'expired' },
    revoked: { id: 'staff.team.invitation.state.revoked', defaultMessage: 'revoked' },
  }),
) satisfies Record<Invitation['state'], unknown>;

/** What each role lets a person do, said beside its box. */
const ROLE_HINTS = {
  2: m.hintAdministrator,
  3: m.hintReporting,
  4: m.hintManagement,
  5: m.hintMessages,
  6: m.hintDonorManagement,
} as Record<number, (typeof m)['hintAdministrator'] | undefined>;

const STATE_COLORS: Record<Invitation['state'], string> = {
  pending: 'blue',
  accepted: 'green',
  expired: 'gray',
  revoked: 'red',
};

const personName = (m: TeamMember) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email || '—';
const errorText = (intl: IntlShape, error: unknown) =>
  error instanceof Error ? error.message : intl.formatMessage(m.failed);

function RolesAndPrograms({
  roles,
  entityIds,
  onRoles,
  onEntityIds,
  programs,
  rolesError,
  programsError,
}: {
  roles: number[];
  entityIds: number[];
  onRoles: (roles: number[]) => void;
  onEntityIds: (ids: number[]) => void;
  programs: { id: number; name: string }[];
  rolesError?: string | undefined;
  programsError?: string | undefined;
}) {
  const intl = useIntl();
  return (
    <>
      <Checkbox.Group
        label={intl.formatMessage(m.roles)}
        value={roles.map(String)}
        onChange={(v) => onRoles(v.map(Number))}
        error={rolesError}
      >
        <Stack gap={6} mt={6}>
          {STAFF_ROLE_IDS.map((id) => (
            <Checkbox
              key={id}
              value={String(id)}
              label={roleName(intl, id)}
              description={ROLE_HINTS[id] && intl.formatMessage(ROLE_HINTS[id])}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <MultiSelect
        label={intl.formatMessage(m.limit)}
        description={intl.formatMessage(m.limitHint)}
        data={programs.map((p) => ({ value: String(p.id), label: p.name }))}
        value={entityIds.map(String)}
        onChange={(v) => onEntityIds(v.map(Number))}
        error={programsError}
        clearable
        searchable
      />
    </>
  );
}

/** A form's roles and program limits, numbers in the form and strings in the inputs. */
function rolesAndProgramsProps(form: UseFormReturnType<RolesAndProgramsValues>) {
  const values = form.getValues();
  return {
    roles: values.roles,
    entityIds: values.entityIds,
    onRoles: (roles: number[]) => form.setFieldValue('roles', roles),
    onEntityIds: (ids: number[]) => form.setFieldValue('entityIds', ids),
    rolesError: form.errors.roles as string | undefined,
    programsError: form.errors.entityIds as string | undefined,
  };
}

type RolesAndProgramsValues = { roles: number[]; entityIds: number[] } & Record<string, unknown>;

function InviteForm({ programs }: { programs: { id: number; name: string }[] }) {
  const intl = useIntl();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invite = useInviteMember();
  const form = useSchemaForm(invitationInputSchema, { email: '', roles: [], entityIds: [] });
  return (
    <FormCard title={intl.formatMessage(m.inviteTitle)}>
      <SchemaForm
        form={form}
        submitLabel={intl.formatMessage(m.inviteSubmit)}
        errorTitle={null}
        buttonsAt="start"
        onSubmit={async (values) => {
          setSentTo(null);
          const made = await invite.mutateAsync(values as InvitationInput);
          setSentTo(made.email);
          form.reset();
        }}
      >
        <TextInput
          label={intl.formatMessage(m.email)}
          type="email"
          required
          {...form.getInputProps('email')}
        />
        <RolesAndPrograms
          {...rolesAndProgramsProps(form as unknown as UseFormReturnType<RolesAndProgramsValues>)}
          programs={programs}
        />
        {sentTo && (
          <Alert color="green" role="status">
            <FormattedMessage {...m.inviteSent} values={{ email: sentTo }} />
          </Alert>
        )}
      </SchemaForm>
    </FormCard>
  );
}

function EditMember({
  member,
  programs,
  onClose,
}: {
  member: TeamMember;
  programs: { id: number; name: string }[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const save = useUpdateMember();
  const form = useSchemaForm(teamMemberUpdateSchema, { roles: member.roles, entityIds: member.entityIds });
  const { roles, entityIds } = form.getValues();
  return (
    <Modal opened onClose={onClose} title={intl.formatMessage(m.rolesOf, { name: personName(member) })}>
      <SchemaForm
        form={form}
        submitLabel={intl.formatMessage(m.save)}
        errorTitle={null}
        onCancel={onClose}
        onSubmit={(values) => save.mutateAsync({ member, values: values as TeamMemberUpdate })}
        onDone={onClose}
      >
        <RolesAndPrograms
          {...rolesAndProgramsProps(form as unknown as UseFormReturnType<RolesAndProgramsValues>)}
          programs={programs}
        />
        {roles.length === 0 && entityIds.length === 0 && (
          <Text size="sm" c="dimmed">
            <FormattedMessage {...m.leaves} />
          </Text>
        )}
      </SchemaForm>
    </Modal>
  );
}

/** The Team section (issue 14 item 3): staff, their roles and programs, and invitations. */
export function TeamSection() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const format = useFormat();
  const team = useQuery(teamQueryOptions());
  const invitations = useQuery(invitationsQueryOptions());
  const programs = useQuery(teamProgramsQueryOptions());
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const programList = programs.data ?? [];
  const programName = (id: number) => programList.find((p) => p.id === id)?.name ?? t(m.program, { id });

  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const remove = useRemoveMember();

  const staffColumns: StaffColumn<TeamMember>[] = [
    {
      key: 'person',
      title: t(m.colPerson),
      sortable: true,
      minWidth: 180,
      render: (member) => (
        <>
          <Text fw={500}>
            {personName(member)} {member.isSelf && <Badge variant="light">{t(m.you)}</Badge>}
          </Text>
          <Text size="xs" c="dimmed">
            {member.email}
          </Text>
        </>
      ),
      csv: (member) => personName(member),
    },
    { key: 'email', title: t(m.colEmail), hiddenByDefault: true },
    {
      key: 'roles',
      title: t(m.colRoles),
      sortable: true,
      minWidth: 140,
      render: (member) => (member.roles.length ? roleNames(intl, member.roles) : '—'),
      csv: (member) => roleNames(intl, member.roles),
    },
    {
      key: 'programs',
      title: t(m.colPrograms),
      minWidth: 140,
      render: (member) =>
        member.entityIds.length ? member.entityIds.map(programName).join(', ') : t(m.allPrograms),
      csv: (member) =>
        member.entityIds.length ? member.entityIds.map(programName).join(', ') : t(m.allPrograms),
    },
    {
      key: 'actions',
      title: t(m.colActions),
      hideTitle: true,
      noWrap: true,
      render: (member) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setEditing(member)}>
            <FormattedMessage {...m.edit} />
          </Button>
          <Anchor
            component={Link}
            size="xs"
            to={`/dashboard/audit?usersId=${member.usersId}`}
            aria-label={t(m.historyOf, { name: personName(member) })}
          >
            <FormattedMessage {...m.history} />
          </Anchor>
          <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(member)}>
            <FormattedMessage {...m.remove} />
          </Button>
        </Group>
      ),
      csv: () => null,
    },
  ];

  const invitationColumns: StaffColumn<Invitation>[] = [
    {
      key: 'email',
      title: t(m.colEmail),
      sortable: true,
      minWidth: 180,
      render: (inv) => (
        <>
          {inv.email}
          {inv.entityIds.length > 0 && (
            <Text size="xs" c="dimmed">
              {inv.entityIds.map(programName).join(', ')}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'programs',
      title: t(m.colPrograms),
      hiddenByDefault: true,
      csv: (inv) => inv.entityIds.map(programName).join(', '),
    },
    {
      key: 'roles',
      title: t(m.colRoles),
      sortable: true,
      minWidth: 140,
      render: (inv) => roleNames(intl, inv.roles),
      csv: (inv) => roleNames(intl, inv.roles),
    },
    {
      key: 'state',
      title: t(m.colState),
      sortable: true,
      noWrap: true,
      render: (inv) => (
        <Badge color={STATE_COLORS[inv.state]} variant="light">
          {t(stateMessages[inv.state])}
        </Badge>
      ),
      csv: (inv) => t(stateMessages[inv.state]),
    },
    {
      key: 'expiresAt',
      title: t(m.colUntil),
      sortable: true,
      noWrap: true,
      render: (inv) => format.date(inv.expiresAt),
      csv: (inv) => format.date(inv.expiresAt),
      sortValue: (inv) => new Date(inv.expiresAt).getTime(),
    },
    {
      key: 'actions',
      title: t(m.colActions),
      hideTitle: true,
      noWrap: true,
      render: (inv) =>
        (inv.state === 'pending' || inv.state === 'expired') && (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              loading={resend.isPending && resend.variables === inv.id}
              onClick={() => resend.mutate(inv.id)}
            >
              <FormattedMessage {...m.resend} />
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={revoke.isPending && revoke.variables === inv.id}
              onClick={() => revoke.mutate(inv.id)}
            >
              <FormattedMessage {...m.revoke} />
            </Button>
          </Group>
        ),
      csv: () => null,
    },
  ];

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>
          <FormattedMessage {...m.title} />
        </Title>
        <Text c="dimmed">
          <FormattedMessage {...m.intro} />
        </Text>
      </div>
      <Paper withBorder radius="md" component="section" aria-labelledby="staff-heading">
        <Title order={2} size="h4" p="md" pb={0} id="staff-heading">
          <FormattedMessage {...m.staff} />
        </Title>
        {team.isError && (
          <Alert color="red" m="md" role="alert">
            {errorText(intl, team.error)}
          </Alert>
        )}
        <Box p="md">
          <ServerDataTable
            rows={team.data}
            loading={team.isPending}
            columns={staffColumns}
            rowKey={(member) => member.usersId}
            searchLabel={t(m.searchStaff)}
            emptyText={t(m.noStaff)}
            exportFileName="team.csv"
          />
        </Box>
      </Paper>

      <InviteForm programs={programList} />

      <Paper withBorder radius="md" component="section" aria-labelledby="invitations-heading">
        <Title order={2} size="h4" p="md" pb={0} id="invitations-heading">
          <FormattedMessage {...m.invitations} />
        </Title>
        <Box p="md">
          <ServerDataTable
            rows={invitations.data}
            loading={invitations.isPending}
            error={invitations.error}
            columns={invitationColumns}
            rowKey={(inv) => inv.id}
            searchLabel={t(m.searchInvitations)}
            emptyText={t(m.noInvitations)}
            exportFileName="invitations.csv"
          />
        </Box>
        {(resend.isError || revoke.isError) && (
          <Alert color="red" m="md" role="alert">
            {errorText(intl, resend.error ?? revoke.error)}
          </Alert>
        )}
      </Paper>

      {editing && <EditMember member={editing} programs={programList} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t(m.removeTitle)}
        message={removing ? t(m.removeMessage, { name: personName(removing) }) : ''}
        confirmLabel={t(m.remove)}
        onConfirm={async () => {
          if (!removing) return;
          // A refusal (the last Administrator) stays in the dialog, which shows its message.
          await remove.mutateAsync(removing);
        }}
      />
    </Stack>
  );
}
