import { Box, chakra, Icon, SimpleGrid } from '@chakra-ui/react';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { LuChevronDown } from 'react-icons/lu';
import { dropdownLook } from '../../components/ui/dropdown-look';
import { SiteNavItems } from '../../components/ui/site-nav-link';
import type { NavItem } from '../../config/navigation';

export interface NavDropdownProps {
  readonly label: string;
  readonly items: readonly NavItem[];
  readonly columns?: 1 | 2;
}

/** Lets the pointer cross the gap between the button and the panel without the panel closing. */
const CLOSE_DELAY_MS = 150;

/**
 * A disclosure of site links (not an ARIA menu: these are plain navigation links). It opens when
 * a mouse hovers it, when the button is clicked or tapped, and when keyboard focus reaches it;
 * Escape closes it and returns focus to the button.
 */
export function NavDropdown({ label, items, columns = 1 }: NavDropdownProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const lastPointer = useRef('');

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const show = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const hideSoon = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  const hide = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(false);
  };

  const onTriggerClick = () => {
    // A mouse already opened it by hovering: a click must not close it under the pointer.
    const openedByHover = lastPointer.current === 'mouse';
    lastPointer.current = '';
    if (openedByHover) show();
    else setOpen((isOpen) => !isOpen);
  };

  const onTriggerFocus = (event: FocusEvent<HTMLButtonElement>) => {
    // Only keyboard focus opens it; a click focuses the button too and handles itself.
    if (event.currentTarget.matches(':focus-visible')) show();
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) hide();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      hide();
      triggerRef.current?.focus();
    }
  };

  return (
    <Box
      position="relative"
      onPointerEnter={(event) => event.pointerType === 'mouse' && show()}
      onPointerLeave={(event) => event.pointerType === 'mouse' && hideSoon()}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <chakra.button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerDown={(event) => {
          lastPointer.current = event.pointerType;
        }}
        onClick={onTriggerClick}
        onFocus={onTriggerFocus}
        display="inline-flex"
        alignItems="center"
        gap="1"
        h="10"
        px="3"
        textStyle="sm"
        fontWeight="medium"
        color={open ? 'fg' : 'fg.muted'}
        textShadow="0 1px 12px rgba(0, 0, 0, 0.6)"
        borderRadius="md"
        cursor="pointer"
        transition="color 0.15s ease"
        focusVisibleRing="outside"
        _hover={{ color: 'fg' }}
      >
        {label}
        <Icon
          as={LuChevronDown}
          boxSize="3.5"
          transition="transform 0.2s ease"
          transform={open ? 'rotate(180deg)' : undefined}
        />
      </chakra.button>
      <Box
        id={panelId}
        hidden={!open}
        data-state={open ? 'open' : 'closed'}
        position="absolute"
        top="100%"
        left="50%"
        transform="translateX(-50%)"
        pt="2"
        zIndex="dropdown"
        _open={{ animationName: 'fade-in, slide-from-top', animationDuration: 'fast' }}
      >
        <SimpleGrid
          as="ul"
          listStyleType="none"
          columns={columns}
          gap="0.5"
          minW={columns === 2 ? '72' : '52'}
          {...dropdownLook}
        >
          <SiteNavItems items={items} placement="dropdown" onNavigate={hide} />
        </SimpleGrid>
      </Box>
    </Box>
  );
}
