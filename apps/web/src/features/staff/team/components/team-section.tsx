import {
  invitationInputSchema,
  roleLabel,
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
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../components/staff/confirm-dialog';
import { FormCard } from '../../../../components/staff/form-card';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import { ServerDataTable, type StaffColumn } from '../../../../components/staff/server-data-table';
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

/** What each role lets a person do, said beside its box. */
const ROLE_HINTS: Record<number, string> = {
  2: 'runs the partner: settings, team, audit log and everything below',
  3: 'reads records, sponsors, donations and reports',
  4: 'edits records, pictures, programs and updates',
  5: 'writes updates and moderates letters',
  6: 'cares for sponsors, their sponsorships and refunds',
};

const STATE_COLORS: Record<Invitation['state'], string> = {
  pending: 'blue',
  accepted: 'green',
  expired: 'gray',
  revoked: 'red',
};

const roleNames = (roles: readonly number[]) => roles.map(roleLabel).join(', ');
const personName = (m: TeamMember) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email || '—';
const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong.');

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
  return (
    <>
      <Checkbox.Group
        label="Roles"
        value={roles.map(String)}
        onChange={(v) => onRoles(v.map(Number))}
        error={rolesError}
      >
        <Stack gap={6} mt={6}>
          {STAFF_ROLE_IDS.map((id) => (
            <Checkbox key={id} value={String(id)} label={roleLabel(id)} description={ROLE_HINTS[id]} />
          ))}
        </Stack>
      </Checkbox.Group>
      <MultiSelect
        label="Limit to programs"
        description="Leave empty for every program. A limited person sees and counts only these programs' records."
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
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invite = useInviteMember();
  const form = useSchemaForm(invitationInputSchema, { email: '', roles: [], entityIds: [] });
  return (
    <FormCard title="Invite a person">
      <SchemaForm
        form={form}
        submitLabel="Send invitation"
        errorTitle={null}
        buttonsAt="start"
        onSubmit={async (values) => {
          setSentTo(null);
          const made = await invite.mutateAsync(values as InvitationInput);
          setSentTo(made.email);
          form.reset();
        }}
      >
        <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
        <RolesAndPrograms
          {...rolesAndProgramsProps(form as unknown as UseFormReturnType<RolesAndProgramsValues>)}
          programs={programs}
        />
        {sentTo && (
          <Alert color="green" role="status">
            Invitation sent to {sentTo}. The link works once, for 7 days.
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
  const save = useUpdateMember();
  const form = useSchemaForm(teamMemberUpdateSchema, { roles: member.roles, entityIds: member.entityIds });
  const { roles, entityIds } = form.getValues();
  return (
    <Modal opened onClose={onClose} title={`Roles of ${personName(member)}`}>
      <SchemaForm
        form={form}
        submitLabel="Save"
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
            With no role and no program the person leaves the team.
          </Text>
        )}
      </SchemaForm>
    </Modal>
  );
}

/** The Team section (issue 14 item 3): staff, their roles and programs, and invitations. */
export function TeamSection() {
  const team = useQuery(teamQueryOptions());
  const invitations = useQuery(invitationsQueryOptions());
  const programs = useQuery(teamProgramsQueryOptions());
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const programList = programs.data ?? [];
  const programName = (id: number) => programList.find((p) => p.id === id)?.name ?? `Program ${id}`;

  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const remove = useRemoveMember();

  const staffColumns: StaffColumn<TeamMember>[] = [
    {
      key: 'person',
      title: 'Person',
      sortable: true,
      minWidth: 180,
      render: (member) => (
        <>
          <Text fw={500}>
            {personName(member)} {member.isSelf && <Badge variant="light">you</Badge>}
          </Text>
          <Text size="xs" c="dimmed">
            {member.email}
          </Text>
        </>
      ),
      csv: (member) => personName(member),
    },
    { key: 'email', title: 'Email', hiddenByDefault: true },
    {
      key: 'roles',
      title: 'Roles',
      sortable: true,
      minWidth: 140,
      render: (member) => (member.roles.length ? roleNames(member.roles) : '—'),
      csv: (member) => roleNames(member.roles),
    },
    {
      key: 'programs',
      title: 'Programs',
      minWidth: 140,
      render: (member) =>
        member.entityIds.length ? member.entityIds.map(programName).join(', ') : 'All programs',
      csv: (member) =>
        member.entityIds.length ? member.entityIds.map(programName).join(', ') : 'All programs',
    },
    {
      key: 'actions',
      title: 'Actions',
      hideTitle: true,
      noWrap: true,
      render: (member) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setEditing(member)}>
            Edit
          </Button>
          <Anchor
            component={Link}
            size="xs"
            to={`/dashboard/audit?usersId=${member.usersId}`}
            aria-label={`History of ${personName(member)}`}
          >
            History
          </Anchor>
          <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(member)}>
            Remove
          </Button>
        </Group>
      ),
      csv: () => null,
    },
  ];

  const invitationColumns: StaffColumn<Invitation>[] = [
    {
      key: 'email',
      title: 'Email',
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
      title: 'Programs',
      hiddenByDefault: true,
      csv: (inv) => inv.entityIds.map(programName).join(', '),
    },
    {
      key: 'roles',
      title: 'Roles',
      sortable: true,
      minWidth: 140,
      render: (inv) => roleNames(inv.roles),
      csv: (inv) => roleNames(inv.roles),
    },
    {
      key: 'state',
      title: 'State',
      sortable: true,
      noWrap: true,
      render: (inv) => (
        <Badge color={STATE_COLORS[inv.state]} variant="light">
          {inv.state}
        </Badge>
      ),
    },
    {
      key: 'expiresAt',
      title: 'Until',
      sortable: true,
      noWrap: true,
      render: (inv) => new Date(inv.expiresAt).toLocaleDateString(),
      csv: (inv) => new Date(inv.expiresAt).toLocaleDateString(),
      sortValue: (inv) => new Date(inv.expiresAt).getTime(),
    },
    {
      key: 'actions',
      title: 'Actions',
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
              Resend
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={revoke.isPending && revoke.variables === inv.id}
              onClick={() => revoke.mutate(inv.id)}
            >
              Revoke
            </Button>
          </Group>
        ),
      csv: () => null,
    },
  ];

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Team</Title>
        <Text c="dimmed">Who works on this partner, with which roles and programs.</Text>
      </div>
      <Paper withBorder radius="md" component="section" aria-labelledby="staff-heading">
        <Title order={2} size="h4" p="md" pb={0} id="staff-heading">
          Staff
        </Title>
        {team.isError && (
          <Alert color="red" m="md" role="alert">
            {errorText(team.error)}
          </Alert>
        )}
        <Box p="md">
          <ServerDataTable
            rows={team.data}
            loading={team.isPending}
            columns={staffColumns}
            rowKey={(member) => member.usersId}
            searchLabel="Search staff"
            emptyText="No staff yet."
            exportFileName="team.csv"
          />
        </Box>
      </Paper>

      <InviteForm programs={programList} />

      <Paper withBorder radius="md" component="section" aria-labelledby="invitations-heading">
        <Title order={2} size="h4" p="md" pb={0} id="invitations-heading">
          Invitations
        </Title>
        <Box p="md">
          <ServerDataTable
            rows={invitations.data}
            loading={invitations.isPending}
            error={invitations.error}
            columns={invitationColumns}
            rowKey={(inv) => inv.id}
            searchLabel="Search invitations"
            emptyText="No invitations yet."
            exportFileName="invitations.csv"
          />
        </Box>
        {(resend.isError || revoke.isError) && (
          <Alert color="red" m="md" role="alert">
            {errorText(resend.error ?? revoke.error)}
          </Alert>
        )}
      </Paper>

      {editing && <EditMember member={editing} programs={programList} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove from the team"
        message={removing ? `${personName(removing)} loses every role and program at this partner.` : ''}
        confirmLabel="Remove"
        onConfirm={async () => {
          if (!removing) return;
          // A refusal (the last Administrator) stays in the dialog, which shows its message.
          await remove.mutateAsync(removing);
        }}
      />
    </Stack>
  );
}
