import type { ValidationWords } from './types';

const words: ValidationWords = {
  required: '请填写“{{field}}”',
  tooLong: '“{{field}}”太长（最多 {{max}} 个字符）',
  tooShort: '“{{field}}”太短（至少 {{min}} 个字符）',
  notNumber: '“{{field}}”不是数字',
  notWhole: '“{{field}}”必须是整数',
  notText: '“{{field}}”必须是文字',
  notYesNo: '“{{field}}”必须是“是”或“否”',
  notList: '“{{field}}”必须是一个列表',
  notGroup: '“{{field}}”必须是一组值',
  range: '“{{field}}”必须在 {{min}} 到 {{max}} 之间',
  atLeast: '“{{field}}”不能小于 {{min}}',
  atMost: '“{{field}}”不能大于 {{max}}',
  decimals: '“{{field}}”最多保留 {{places}} 位小数',
  multipleOf: '“{{field}}”必须是 {{divisor}} 的倍数',
  notEmail: '“{{field}}”不是有效的电子邮件地址',
  notUrl: '“{{field}}”不是有效的网址（https://…）',
  notDate: '“{{field}}”不是有效的日期',
  notTime: '“{{field}}”不是有效的时间',
  notDateTime: '“{{field}}”不是有效的日期和时间',
  badFormat: '“{{field}}”的格式不正确',
  tooEarly: '“{{field}}”太早',
  tooLate: '“{{field}}”太晚',
  choose: '请为“{{field}}”选择一个选项',
  tooMany: '“{{field}}”的项目太多（最多 {{max}} 项）',
  tooFew: '“{{field}}”至少需要 {{min}} 项',
  unknownField: '此处不能填写“{{field}}”',
  invalid: '“{{field}}”无效',
  duplicate: '已有其他记录使用此“{{field}}”',
};

export default words;
