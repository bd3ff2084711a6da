/** Messages of the API shown to users, keyed by their English text (merged into the validation namespace). */
const messages: Record<string, string> = {
  'Invalid username or password': '用户名或密码无效',
  'Too many sign-in attempts. Please wait 15 minutes and try again.': '登录尝试次数过多。请等待 15 分钟后再试。',
  'Your session has expired. Please sign in again.': '您的会话已过期，请重新登录。',
  'Sign in to continue': '请登录后继续',
  'You do not have permission to do this': '您无权执行此操作',
  'This record does not exist': '该记录不存在',
  'This record was changed by someone else since you opened it. Reload it to see the changes.': '自您打开后，此记录已被他人修改。请重新加载以查看更改。',
  'The chosen record does not exist': '所选记录不存在',
  'Other records refer to this one': '其他记录引用了此记录',
  'The file is empty': '文件为空',
  'The file is larger than 2 MB': '文件大于 2 MB',
  'Only PNG, JPEG, GIF, WebP images and PDF files can be uploaded': '只能上传 PNG、JPEG、GIF、WebP 图片和 PDF 文件',
  'The request is too large': '请求过大',
  'This reset link is invalid, has expired or was already used. Ask for a new one.': '此重置链接无效、已过期或已被使用。请重新申请。',
  'This slot is full': '该时段已满',
  'This slot is closed': '该时段已关闭',
  'This patient has already booked this slot': '该患者已预约此时段',
  'This patient has no booking on this slot': '该患者在此时段没有预约',
  'Capacity cannot be less than the bookings already made': '容量不能少于已有预约数',
  'Only a superadmin may change or delete this account': '只有超级管理员可以更改或删除此账户',
  'You may not give this role': '您不能授予此角色',
  'Records cannot be looked up by id here': '此处不能按编号查找记录',
  'Type at least 3 characters to search': '请至少输入 3 个字符进行搜索',
};

export default messages;
