import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { initialsOf, truncateDisplayName } from '@/features/shell/display-name'
import { promptInstall, useInstallOption } from '@/offline/install'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'
import { Menu, MenuAction } from '@/ui/menu'

interface UserMenuProps {
  displayName: string
  onLogout: () => void
  placement?: 'below' | 'above'
}

// Sidebar user menu (docs/screens.md#the-shell): the display name cut at 15 characters; Edit Profile, Switch account, Logout.
export function UserMenu({ displayName, onLogout, placement = 'above' }: UserMenuProps) {
  const shown = truncateDisplayName(displayName)
  const install = useInstallOption()
  const [iosSteps, setIosSteps] = useState(false)
  return (
    <>
      <Menu
        label={`User menu: ${shown}`}
        className="user-menu"
        triggerClassName="user-menu__trigger"
        align="start"
        placement={placement}
        trigger={
          <>
            <span className="user-menu__avatar" aria-hidden="true">
              {initialsOf(displayName)}
            </span>
            <span className="user-menu__name">{shown}</span>
          </>
        }
      >
        {(close) => (
          <ul className="menu__list">
            <li>
              <Link to="/user/edit" className="menu__item" onClick={close}>
                Edit Profile
              </Link>
            </li>
            <li>
              <Link to="/select-account" className="menu__item" onClick={close}>
                Switch account
              </Link>
            </li>
            {install && (
              <MenuAction
                close={close}
                onSelect={() => (install === 'prompt' ? void promptInstall() : setIosSteps(true))}
              >
                Install app
              </MenuAction>
            )}
            <MenuAction close={close} onSelect={onLogout}>
              Logout
            </MenuAction>
          </ul>
        )}
      </Menu>
      <Dialog
        open={iosSteps}
        onClose={() => setIosSteps(false)}
        title="Install the portal"
        footer={<Button onClick={() => setIosSteps(false)}>Done</Button>}
      >
        <ol className="install-steps">
          <li>
            Tap <strong>Share</strong> in Safari&apos;s toolbar.
          </li>
          <li>
            Choose <strong>Add to Home Screen</strong>, then <strong>Add</strong>.
          </li>
        </ol>
      </Dialog>
    </>
  )
}
