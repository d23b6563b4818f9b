import { tileLook } from '../../../components/ui/panel-look';
import { Accordion, Span, Text } from '@chakra-ui/react';
import type { HelpFaq } from '../help-center-content';

/**
 * An item's value becomes part of its trigger's and answer's ids, and `aria-labelledby` is a list
 * separated by spaces: a question's words would name the answer after ids that do not exist.
 */
const itemValue = (faq: HelpFaq) =>
  faq.question
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The questions with their answers folded away; opening one closes the one that was open. */
export function FaqAccordion({ faqs }: { readonly faqs: readonly HelpFaq[] }) {
  return (
    <Accordion.Root collapsible variant="plain" display="flex" flexDirection="column" gap="3">
      {faqs.map((faq) => (
        <Accordion.Item
          key={faq.question}
          value={itemValue(faq)}
          {...tileLook}
          _open={{ borderColor: 'brand.500/40' }}
          transition="border-color 0.2s ease"
        >
          <Accordion.ItemTrigger px={{ base: '4', md: '5' }} py="4" cursor="pointer">
            <Span flex="1" fontWeight="semibold" fontSize={{ base: 'md', md: 'lg' }}>
              {faq.question}
            </Span>
            <Accordion.ItemIndicator color="fg.subtle" />
          </Accordion.ItemTrigger>
          <Accordion.ItemContent>
            <Accordion.ItemBody px={{ base: '4', md: '5' }} pt="0" pb="5">
              <Text color="fg.muted" lineHeight="tall">
                {faq.answer}
              </Text>
            </Accordion.ItemBody>
          </Accordion.ItemContent>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
