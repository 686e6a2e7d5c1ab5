/*
 * Tuning Workbench OpenCL host support, included by generated OpenCL launchers after the harness.
 *
 * The engine chooses the device (TW_CL_PLATFORM and TW_CL_DEVICE, indices as the device list
 * gives them); this builds the kernel for it, copies the inputs to device buffers once, and turns
 * the project's launches into one call the harness can time: every listed kernel the program
 * defines, in order, then a wait for all of them. Each launch carries a profiling event; the sum
 * of their execution times is the call's kernel time (tw_kernel_ns), the rest of the wall time is
 * launch overhead. A kernel the device's compiler refuses ends the program with
 * TW_EXIT_KERNEL_NOT_BUILT and the build log on stderr.
 */
#ifndef TW_OPENCL_H
#define TW_OPENCL_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#define TW_EXIT_KERNEL_NOT_BUILT 76
#define TW_EXIT_OVER_DEVICE_LIMITS 77
/* The generated launcher sizes these tables for its own arguments and launches before it includes this file. */
#ifndef TW_CL_MAX_ARGS
#define TW_CL_MAX_ARGS 64
#endif
#ifndef TW_CL_MAX_LAUNCHES
#define TW_CL_MAX_LAUNCHES 32
#endif

static const char *tw_cl_error(cl_int code) {
    switch (code) {
        case CL_DEVICE_NOT_FOUND: return "CL_DEVICE_NOT_FOUND";
        case CL_DEVICE_NOT_AVAILABLE: return "CL_DEVICE_NOT_AVAILABLE";
        case CL_COMPILER_NOT_AVAILABLE: return "CL_COMPILER_NOT_AVAILABLE";
        case CL_MEM_OBJECT_ALLOCATION_FAILURE: return "CL_MEM_OBJECT_ALLOCATION_FAILURE";
        case CL_OUT_OF_RESOURCES: return "CL_OUT_OF_RESOURCES";
        case CL_OUT_OF_HOST_MEMORY: return "CL_OUT_OF_HOST_MEMORY";
        case CL_BUILD_PROGRAM_FAILURE: return "CL_BUILD_PROGRAM_FAILURE";
        case CL_INVALID_VALUE: return "CL_INVALID_VALUE";
        case CL_INVALID_PLATFORM: return "CL_INVALID_PLATFORM";
        case CL_INVALID_DEVICE: return "CL_INVALID_DEVICE";
        case CL_INVALID_BINARY: return "CL_INVALID_BINARY";
        case CL_INVALID_BUILD_OPTIONS: return "CL_INVALID_BUILD_OPTIONS";
        case CL_INVALID_PROGRAM_EXECUTABLE: return "CL_INVALID_PROGRAM_EXECUTABLE";
        case CL_INVALID_KERNEL_NAME: return "CL_INVALID_KERNEL_NAME";
        case CL_INVALID_KERNEL: return "CL_INVALID_KERNEL";
        case CL_INVALID_ARG_INDEX: return "CL_INVALID_ARG_INDEX";
        case CL_INVALID_ARG_VALUE: return "CL_INVALID_ARG_VALUE";
        case CL_INVALID_ARG_SIZE: return "CL_INVALID_ARG_SIZE";
        case CL_INVALID_KERNEL_ARGS: return "CL_INVALID_KERNEL_ARGS";
        case CL_INVALID_WORK_DIMENSION: return "CL_INVALID_WORK_DIMENSION";
        case CL_INVALID_WORK_GROUP_SIZE: return "CL_INVALID_WORK_GROUP_SIZE";
        case CL_INVALID_WORK_ITEM_SIZE: return "CL_INVALID_WORK_ITEM_SIZE";
        case CL_INVALID_BUFFER_SIZE: return "CL_INVALID_BUFFER_SIZE";
        case CL_INVALID_EVENT: return "CL_INVALID_EVENT";
        case CL_INVALID_OPERATION: return "CL_INVALID_OPERATION";
        case CL_PROFILING_INFO_NOT_AVAILABLE: return "CL_PROFILING_INFO_NOT_AVAILABLE";
        case -1001: return "CL_PLATFORM_NOT_FOUND_KHR (no OpenCL driver is installed)";
        default: return "an OpenCL error";
    }
}

/* Ends the program over a failed OpenCL call, naming the call, the kernel or buffer and the error. */
static void tw_cl_check(cl_int code, const char *call, const char *what) {
    if (code == CL_SUCCESS) return;
    fprintf(stderr, "tw-launcher: OpenCL: %s(%s) failed: %s (%d)\n", call, what, tw_cl_error(code), (int)code);
    exit(70);
}

typedef struct {
    const char *name;
    int buffer;        /* 1: a buffer, copied to the device once; 0: a value passed by value */
    void *host;
    size_t bytes;
    cl_mem mem;
} tw_cl_arg;

typedef struct {
    const char *kernel;
    cl_uint dims;
    size_t global[3];
    size_t local[3];   /* all 0: the kernel's reqd_work_group_size, else the driver's choice */
    int arg_count;
    int args[TW_CL_MAX_ARGS];
    cl_kernel handle;  /* NULL when this variant's program does not define the kernel */
    int use_local;
} tw_cl_launch;

static cl_device_id tw_cl_device;
static int tw_cl_on_host;   /* a CPU device: its kernels run in this process, on the harness's buffers */
static cl_context tw_cl_context;
static cl_command_queue tw_cl_queue;
static cl_program tw_cl_program;
static tw_cl_arg tw_cl_args[TW_CL_MAX_ARGS];
static int tw_cl_arg_count;
static tw_cl_launch tw_cl_launches[TW_CL_MAX_LAUNCHES];
static int tw_cl_launch_count;

static cl_uint tw_cl_index(const char *variable) {
    const char *text = getenv(variable);
    return text != NULL && *text != '\0' ? (cl_uint)atoi(text) : 0;
}

/* The device the engine chose, a context and a profiling queue on it. */
static void tw_cl_open_device(void) {
    cl_uint platforms = 0, devices = 0;
    cl_int err = clGetPlatformIDs(0, NULL, &platforms);
    if (err == -1001 || platforms == 0) tw_fail("OpenCL", "no OpenCL platform is installed (no driver found by the ICD loader)");
    tw_cl_check(err, "clGetPlatformIDs", "");
    cl_platform_id ids[64];
    if (platforms > 64) platforms = 64;
    tw_cl_check(clGetPlatformIDs(platforms, ids, NULL), "clGetPlatformIDs", "");
    cl_uint p = tw_cl_index("TW_CL_PLATFORM"), d = tw_cl_index("TW_CL_DEVICE");
    if (p >= platforms) tw_fail("OpenCL", "the chosen platform is not installed any more");
    tw_cl_check(clGetDeviceIDs(ids[p], CL_DEVICE_TYPE_ALL, 0, NULL, &devices), "clGetDeviceIDs", "");
    cl_device_id device_ids[64];
    if (devices > 64) devices = 64;
    tw_cl_check(clGetDeviceIDs(ids[p], CL_DEVICE_TYPE_ALL, devices, device_ids, NULL), "clGetDeviceIDs", "");
    if (d >= devices) tw_fail("OpenCL", "the chosen device is not there any more");
    tw_cl_device = device_ids[d];
    cl_device_type type = 0;
    tw_cl_check(clGetDeviceInfo(tw_cl_device, CL_DEVICE_TYPE, sizeof type, &type, NULL), "clGetDeviceInfo", "type");
    tw_cl_on_host = (type & CL_DEVICE_TYPE_CPU) != 0;
    tw_cl_context = clCreateContext(NULL, 1, &tw_cl_device, NULL, NULL, &err);
    tw_cl_check(err, "clCreateContext", "");
    tw_cl_queue = clCreateCommandQueue(tw_cl_context, tw_cl_device, CL_QUEUE_PROFILING_ENABLE, &err);
    tw_cl_check(err, "clCreateCommandQueue", "");
}

/*
 * Builds the variant's program for the device; a refusal ends the program with the compiler's log. The kernel's
 * #includes are found in include_folder (none when empty): the build runs there with -I ., as build options are split
 * at spaces with no quoting, and a folder whose path has a space could not be named in them. A folder that is not
 * here (a build for another machine) is left out.
 */
static void tw_cl_build(const char *source, const char *file_name, const char *options, const char *include_folder) {
    cl_int err;
    tw_cl_program = clCreateProgramWithSource(tw_cl_context, 1, &source, NULL, &err);
    tw_cl_check(err, "clCreateProgramWithSource", file_name);
    char *was = include_folder[0] ? getcwd(NULL, 0) : NULL;
    int moved = was != NULL && chdir(include_folder) == 0;
    char *all = (char *)tw_alloc(strlen(options) + 8);
    snprintf(all, strlen(options) + 8, "%s%s", moved ? "-I . " : "", options);
    err = clBuildProgram(tw_cl_program, 1, &tw_cl_device, all, NULL, NULL);
    if (moved && chdir(was) != 0) tw_fail("OpenCL", "could not return to the run's folder after the build");
    free(was);
    free(all);
    if (err == CL_SUCCESS) return;
    size_t size = 0;
    clGetProgramBuildInfo(tw_cl_program, tw_cl_device, CL_PROGRAM_BUILD_LOG, 0, NULL, &size);
    char *log = (char *)tw_alloc(size + 1);
    clGetProgramBuildInfo(tw_cl_program, tw_cl_device, CL_PROGRAM_BUILD_LOG, size, log, NULL);
    log[size] = '\0';
    fprintf(stderr, "tw-launcher: the device's OpenCL compiler refused %s: %s (%d)\n%s\n", file_name, tw_cl_error(err), (int)err, log);
    fflush(stderr);
    exit(TW_EXIT_KERNEL_NOT_BUILT);
}

/*
 * A buffer argument: its host copy (filled by the harness) goes to a device buffer of its own. A CPU device
 * uses the host copy itself, between the harness's guard zones and fences, so a kernel reaching outside a
 * buffer is caught and named as a C kernel is; in memory of the driver's own it would spoil what lies there,
 * or fault in whatever fence happened to be near and be blamed on that fence's buffer.
 */
static void tw_cl_buffer(const char *name, void *host, size_t bytes) {
    if (tw_cl_arg_count >= TW_CL_MAX_ARGS) tw_fail("OpenCL", "too many arguments");
    cl_int err;
    tw_cl_arg a = {name, 1, host, bytes, NULL};
    a.mem = clCreateBuffer(tw_cl_context, CL_MEM_READ_WRITE | (tw_cl_on_host ? CL_MEM_USE_HOST_PTR : CL_MEM_COPY_HOST_PTR), bytes, host, &err);
    tw_cl_check(err, "clCreateBuffer", name);
    tw_cl_args[tw_cl_arg_count++] = a;
}

/* A scalar argument, passed by value on every launch that takes it. */
static void tw_cl_value(const char *name, void *host, size_t bytes) {
    if (tw_cl_arg_count >= TW_CL_MAX_ARGS) tw_fail("OpenCL", "too many arguments");
    tw_cl_arg a = {name, 0, host, bytes, NULL};
    tw_cl_args[tw_cl_arg_count++] = a;
}

static int tw_cl_program_defines(const char *kernel) {
    size_t size = 0;
    tw_cl_check(clGetProgramInfo(tw_cl_program, CL_PROGRAM_KERNEL_NAMES, 0, NULL, &size), "clGetProgramInfo", "kernel names");
    char *names = (char *)tw_alloc(size + 1);
    tw_cl_check(clGetProgramInfo(tw_cl_program, CL_PROGRAM_KERNEL_NAMES, size, names, NULL), "clGetProgramInfo", "kernel names");
    int found = 0;
    for (char *name = strtok(names, ";"); name != NULL && !found; name = strtok(NULL, ";")) found = strcmp(name, kernel) == 0;
    free(names);
    return found;
}

/*
 * Kernel Tuner skips a config whose kernel needs more local memory than the device has, or a work
 * group larger than the built kernel may have: such a launch ends the program with
 * TW_EXIT_OVER_DEVICE_LIMITS and the reason, before any call, and the engine records the config invalid.
 */
static void tw_cl_check_limits(const tw_cl_launch *l) {
    cl_ulong needs = 0, has = 0;
    size_t most = 0, group = 1;
    tw_cl_check(clGetKernelWorkGroupInfo(l->handle, tw_cl_device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof needs, &needs, NULL), "clGetKernelWorkGroupInfo", l->kernel);
    tw_cl_check(clGetDeviceInfo(tw_cl_device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof has, &has, NULL), "clGetDeviceInfo", "local memory");
    if (has > 0 && needs > has) {
        fprintf(stderr, "tw-launcher: over the device's limits: kernel `%s` needs %llu bytes of local memory, the device has %llu (CL_DEVICE_LOCAL_MEM_SIZE)\n",
                l->kernel, (unsigned long long)needs, (unsigned long long)has);
        exit(TW_EXIT_OVER_DEVICE_LIMITS);
    }
    if (!l->use_local) return;
    for (cl_uint i = 0; i < l->dims; i++) group *= l->local[i];
    tw_cl_check(clGetKernelWorkGroupInfo(l->handle, tw_cl_device, CL_KERNEL_WORK_GROUP_SIZE, sizeof most, &most, NULL), "clGetKernelWorkGroupInfo", l->kernel);
    if (most > 0 && group > most) {
        fprintf(stderr, "tw-launcher: over the device's limits: a work group of %llu work items is more than kernel `%s` may have on the device, %llu (CL_KERNEL_WORK_GROUP_SIZE)\n",
                (unsigned long long)group, l->kernel, (unsigned long long)most);
        exit(TW_EXIT_OVER_DEVICE_LIMITS);
    }
}

/*
 * A launch of `kernel` over `global` work items (in groups of `local`, or all zeros), taking the
 * arguments at the given positions. A kernel this variant's program does not define is skipped
 * (a config may fuse it into another); one it defines with other arguments is an error.
 */
static void tw_cl_launch_of(const char *kernel, cl_uint dims, const size_t *global, const size_t *local, int arg_count, const int *args) {
    if (tw_cl_launch_count >= TW_CL_MAX_LAUNCHES) tw_fail("OpenCL", "too many launches");
    tw_cl_launch l;
    memset(&l, 0, sizeof l);
    l.kernel = kernel;
    l.dims = dims;
    l.arg_count = arg_count;
    for (cl_uint i = 0; i < dims; i++) { l.global[i] = global[i]; l.local[i] = local[i]; l.use_local |= local[i] != 0; }
    for (int i = 0; i < arg_count; i++) l.args[i] = args[i];
    if (tw_cl_program_defines(kernel)) {
        cl_int err;
        l.handle = clCreateKernel(tw_cl_program, kernel, &err);
        tw_cl_check(err, "clCreateKernel", kernel);
        cl_uint taken = 0;
        tw_cl_check(clGetKernelInfo(l.handle, CL_KERNEL_NUM_ARGS, sizeof taken, &taken, NULL), "clGetKernelInfo", kernel);
        if ((int)taken != arg_count) {
            fprintf(stderr, "tw-launcher: OpenCL: kernel `%s` takes %u arguments, the launch passes %d (list them with args = [...] in its [[launches]])\n",
                    kernel, taken, arg_count);
            exit(70);
        }
        for (int i = 0; i < arg_count; i++) {
            tw_cl_arg *a = &tw_cl_args[args[i]];
            cl_int set = a->buffer ? clSetKernelArg(l.handle, (cl_uint)i, sizeof(cl_mem), &a->mem) : clSetKernelArg(l.handle, (cl_uint)i, a->bytes, a->host);
            tw_cl_check(set, "clSetKernelArg", a->name);
        }
        tw_cl_check_limits(&l);
        if (!l.use_local) {
            size_t own[3] = {0, 0, 0};
            tw_cl_check(clGetKernelWorkGroupInfo(l.handle, tw_cl_device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof own, own, NULL),
                        "clGetKernelWorkGroupInfo", kernel);
            if (own[0] != 0) {
                for (cl_uint i = 0; i < dims; i++) l.local[i] = own[i] != 0 ? own[i] : 1;
                l.use_local = 1;
            }
        }
        /* OpenCL 1.2 wants whole work groups: the global size is rounded up, the kernel guards its bounds. */
        if (l.use_local) {
            for (cl_uint i = 0; i < dims; i++) l.global[i] = (l.global[i] + l.local[i] - 1) / l.local[i] * l.local[i];
        }
    }
    tw_cl_launches[tw_cl_launch_count++] = l;
}

/*
 * Only the kernels the project names are launched: a file may hold others (a naive reference, helpers
 * of another project), as Kernel Tuner's kernels do. A variant that launches none of them is an error.
 */
static void tw_cl_check_launches(void) {
    int launched = 0;
    for (int i = 0; i < tw_cl_launch_count; i++) launched += tw_cl_launches[i].handle != NULL;
    if (launched == 0) tw_fail("OpenCL", "the program defines none of the kernels the project launches");
    tw_launches_per_call = launched;
}

/* One call: every launch the program defines, in order, then a wait; their profiled execution times add to tw_kernel_ns. */
static void tw_cl_call(void) {
    cl_event events[TW_CL_MAX_LAUNCHES];
    int n = 0;
    for (int i = 0; i < tw_cl_launch_count; i++) {
        tw_cl_launch *l = &tw_cl_launches[i];
        if (l->handle == NULL) continue;
        tw_cl_check(clEnqueueNDRangeKernel(tw_cl_queue, l->handle, l->dims, NULL, l->global, l->use_local ? l->local : NULL, 0, NULL, &events[n++]),
                    "clEnqueueNDRangeKernel", l->kernel);
    }
    tw_cl_check(clFinish(tw_cl_queue), "clFinish", "");
    for (int i = 0; i < n; i++) {
        cl_ulong start = 0, end = 0;
        tw_cl_check(clGetEventProfilingInfo(events[i], CL_PROFILING_COMMAND_START, sizeof start, &start, NULL), "clGetEventProfilingInfo", "start");
        tw_cl_check(clGetEventProfilingInfo(events[i], CL_PROFILING_COMMAND_END, sizeof end, &end, NULL), "clGetEventProfilingInfo", "end");
        tw_kernel_ns += (double)(end - start);
        clReleaseEvent(events[i]);
    }
    tw_kernel_timed = 1;
}

/* Copies an output buffer back to its host copy, which the harness saves and checks. */
static void tw_cl_read(const char *name, void *host, size_t bytes) {
    for (int i = 0; i < tw_cl_arg_count; i++) {
        if (tw_cl_args[i].host == host) {
            tw_cl_check(clEnqueueReadBuffer(tw_cl_queue, tw_cl_args[i].mem, CL_TRUE, 0, bytes, host, 0, NULL, NULL), "clEnqueueReadBuffer", name);
            return;
        }
    }
}

#endif
