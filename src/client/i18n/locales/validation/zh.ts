/** Our own schema messages (fields.ts, entity fields and refinements), keyed by their English text: Simplified Chinese. */
const messages: Record<string, string> = {
  'Enter a phone number of 7 to 15 digits': '请输入 7 到 15 位数字的电话号码',
  'Upload an image': '请上传图片',
  'Upload a file': '请上传文件',
  'Use at least 10 characters': '请至少输入 10 个字符',
  'Use a two-letter ISO 639-1 code': '请使用两个字母的 ISO 639-1 代码',
  'Use the 2 or 3 capital letters of the state code': '请输入由 2 或 3 个大写字母组成的邦代码',
  'Enter the 6 digits of the pincode': '请输入 6 位数字的邮政编码',
  'Use 2 to 16 capital letters, digits or dashes': '请使用 2 到 16 个大写字母、数字或连字符',
  'Use 2 to 20 capital letters, digits or dashes': '请使用 2 到 20 个大写字母、数字或连字符',
  'Use 3 to 20 capital letters, digits or dashes': '请使用 3 到 20 个大写字母、数字或连字符',
  'Enter MC followed by 10 digits': '请输入 MC 加 10 位数字',
  'Enter the 19 or 20 digits of the ICCID': '请输入 ICCID 的 19 或 20 位数字',
  'Enter the key as four groups of 4 capitals or digits, joined by dashes': '请输入密钥：四组，每组 4 个大写字母或数字，用连字符连接',
  'Use a version like 2.4.1': '请使用类似 2.4.1 的版本号',
  'Use Snellen notation, 6/6 to 6/60': '请使用 Snellen 视力记法，6/6 至 6/60',
  'Use the N scale, N5 to N36': '请使用 N 分级，N5 至 N36',
  'The end date cannot be before the start date': '结束日期不能早于开始日期',
  'The slot must end after it starts': '时段的结束时间必须晚于开始时间',
  'The upper bound must be more than the lower bound': '上限必须大于下限',
  'The upper age cannot be below the lower age': '年龄上限不能低于年龄下限',
  'The upper limit cannot be below the lower limit': '上限不能低于下限',
  'The critical low must not be above the lower limit': '危急低值不能高于下限',
  'The critical high must not be below the upper limit': '危急高值不能低于上限',
  'A scheduled campaign needs a send time': '已排期的通知活动需要设置发送时间',
};

export default messages;
