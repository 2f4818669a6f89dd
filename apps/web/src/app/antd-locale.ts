import type { LanguageTag } from '@wings/contracts';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';

/** antd-mobile has no Khmer locale; the texts our screens use are given here. */
const kmKH: typeof enUS = {
  ...enUS,
  locale: 'km',
  common: { confirm: 'យល់ព្រម', cancel: 'បោះបង់', loading: 'កំពុងផ្ទុក', close: 'បិទ' },
  Calendar: {
    ...enUS.Calendar,
    title: 'ជ្រើសរើសកាលបរិច្ឆេទ',
    confirm: 'យល់ព្រម',
    today: 'ថ្ងៃនេះ',
    markItems: ['ច', 'អ', 'ព', 'ព្រ', 'សុ', 'ស', 'អា'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: antd-mobile fills in ${year} and ${month} itself
    yearAndMonth: 'ខែ${month} ឆ្នាំ${year}',
  },
  PullToRefresh: {
    pulling: 'ទាញចុះដើម្បីផ្ទុកឡើងវិញ',
    canRelease: 'លែងដើម្បីផ្ទុកឡើងវិញ',
    complete: 'ទាន់សម័យហើយ',
  },
};

export const ANTD_LOCALES: Record<LanguageTag, typeof enUS> = { zh: zhCN, en: enUS, km: kmKH };
