import type { FareConditions, FareRule, LocalizedText, Money } from '@wings/contracts';
import { formatMoney } from '@wings/rules';

/**
 * The readable fare rules of a family (issue 4: change, refund, no-show, name correction,
 * baggage) in zh, en and km, written from its conditions, which are the spec's fee tables
 * (after-sales-and-loyalty.md §9) and the China-route refund rule (§5). Fees are shown with
 * formatMoney ("$50.00", "¥350.00").
 */
export function fareRuleText(c: FareConditions): FareRule['text'] {
  return {
    change: changeText(c.change),
    refund: refundText(c.refund),
    noShow: feeText(c.noShowFee, {
      zh: '误机（未按时登机）费 {fee}/人',
      en: 'No-show fee {fee} per passenger',
      km: 'ថ្លៃមិនមកធ្វើដំណើរតាមពេលកំណត់ {fee} ក្នុងម្នាក់',
    }),
    nameCorrection: feeText(c.nameCorrectionFee, {
      zh: '姓名更正费 {fee}/人',
      en: 'Name correction {fee} per passenger',
      km: 'ថ្លៃកែតម្រូវឈ្មោះ {fee} ក្នុងម្នាក់',
    }),
    baggage: {
      zh: `免费手提行李 ${c.baggage.carryOnKg} 公斤，托运行李 ${c.baggage.checkedKg} 公斤`,
      en: `${c.baggage.carryOnKg} kg carry-on, ${c.baggage.checkedKg} kg checked`,
      km: `អីវ៉ាន់យួរដៃ ${c.baggage.carryOnKg} គីឡូក្រាម និងអីវ៉ាន់ចុះឈ្មោះ ${c.baggage.checkedKg} គីឡូក្រាម ដោយឥតគិតថ្លៃ`,
    },
  };
}

function feeText(fee: Money, template: LocalizedText): LocalizedText {
  const amount = formatMoney(fee);
  return {
    zh: template.zh.replace('{fee}', amount),
    en: template.en.replace('{fee}', amount),
    km: template.km.replace('{fee}', amount),
  };
}

function changeText(rule: FareConditions['change']): LocalizedText {
  if (!rule.allowed) {
    return { zh: '不可更改', en: 'Not changeable', km: 'មិនអាចផ្លាស់ប្តូរបានទេ' };
  }
  if (!rule.fee) {
    return {
      zh: '更改免费（仅需补齐票价差额）',
      en: 'Changes free (any fare difference is payable)',
      km: 'ផ្លាស់ប្តូរដោយឥតគិតថ្លៃ (បង់តែភាពខុសគ្នានៃតម្លៃសំបុត្រ)',
    };
  }
  return feeText(rule.fee, {
    zh: '更改费 {fee}/人/航段，另补票价差额',
    en: 'Change fee {fee} per passenger per segment, plus any fare difference',
    km: 'ថ្លៃផ្លាស់ប្តូរ {fee} ក្នុងម្នាក់ ក្នុងមួយជើងហោះហើរ បូកនឹងភាពខុសគ្នានៃតម្លៃសំបុត្រ',
  });
}

function refundText(rule: FareConditions['refund']): LocalizedText {
  if (!rule.allowed && rule.reason === 'china_route') {
    // Said the same way as the refund flow's refusal (messages `refund.china_route`).
    return {
      zh: '不可退票（往返中国大陆航线）',
      en: 'Not refundable (routes to or from mainland China)',
      km: 'មិនអាចសងប្រាក់វិញបានទេ (ជើងហោះហើរទៅ ឬមកពីប្រទេសចិនដីគោក)',
    };
  }
  if (!rule.allowed) {
    return { zh: '不可退票', en: 'Not refundable', km: 'មិនអាចសងប្រាក់វិញបានទេ' };
  }
  if (!rule.fee) {
    return { zh: '退票免费', en: 'Refund free', km: 'សងប្រាក់វិញដោយឥតគិតថ្លៃ' };
  }
  return feeText(rule.fee, {
    zh: '退票费 {fee}/人',
    en: 'Refund fee {fee} per passenger',
    km: 'ថ្លៃសងប្រាក់វិញ {fee} ក្នុងម្នាក់',
  });
}
