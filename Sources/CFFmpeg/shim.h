#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
#include <errno.h>

// FFmpeg's error codes and sentinels are macros Swift cannot import; these name them.
static inline int lamina_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int lamina_averror_eof(void) { return AVERROR_EOF; }
static inline int64_t lamina_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int lamina_av_codec_flag_global_header(void) { return AV_CODEC_FLAG_GLOBAL_HEADER; }
static inline int lamina_avfmt_globalheader(void) { return AVFMT_GLOBALHEADER; }
static inline int lamina_avfmt_nofile(void) { return AVFMT_NOFILE; }
