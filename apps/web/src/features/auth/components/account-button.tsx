import { Avatar, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import type { User } from '@kinship/domain';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { useIntl } from 'react-intl';
import { initials, useDisplayName } from '../display-name';

/** The avatar button that opens the account menu; also drawn as the menu's stand-in before it loads. */
export function AccountButton({
  user,
  ref,
  ...props
}: { user: User | null; ref?: Ref<HTMLButtonElement> } & UnstyledButtonProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof UnstyledButtonProps>) {
  const intl = useIntl();
  const displayName = useDisplayName();
  return (
    <UnstyledButton
      ref={ref}
      aria-label={intl.formatMessage(
        { id: 'account.menuFor', defaultMessage: 'Account menu for {name}' },
        { name: displayName(user) },
      )}
      style={{ borderRadius: '50%' }}
      {...props}
    >
      <Avatar color="brand" variant="filled" radius="xl" size={38} alt="">
        {initials(user)}
      </Avatar>
    </UnstyledButton>
  );
}
