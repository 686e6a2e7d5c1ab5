/*
 * Tuning Workbench OpenCL device list: one line per device, fields separated by tabs:
 *   device  PLATFORM_INDEX  DEVICE_INDEX  PLATFORM_NAME  PLATFORM_VERSION  DEVICE_NAME  TYPE  DRIVER_VERSION  COMPUTE_UNITS  OPENCL_C_VERSION  GLOBAL_MEMORY_BYTES
 *           MAX_WORK_GROUP_SIZE  MAX_WORK_ITEM_SIZES (x,y,z)  LOCAL_MEMORY_BYTES
 * or a line `none  REASON` when there is nothing to list. Indices are those the launchers take
 * (TW_CL_PLATFORM, TW_CL_DEVICE). Run in a process of its own: a broken driver cannot harm the engine.
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <string.h>

static void text(char *out, size_t size, const char *value) {
    size_t n = 0;
    for (; value[n] != '\0' && n + 1 < size; n++) out[n] = value[n] == '\t' || value[n] == '\n' ? ' ' : value[n];
    out[n] = '\0';
    while (n > 0 && out[n - 1] == ' ') out[--n] = '\0';
}

static const char *type_name(cl_device_type type) {
    if (type & CL_DEVICE_TYPE_GPU) return "gpu";
    if (type & CL_DEVICE_TYPE_CPU) return "cpu";
    if (type & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
    return "other";
}

int main(void) {
    cl_uint platforms = 0;
    cl_int err = clGetPlatformIDs(0, NULL, &platforms);
    if (err != CL_SUCCESS || platforms == 0) {
        printf("none\tno OpenCL platform is installed: the ICD loader found no driver (error %d)\n", (int)err);
        return 0;
    }
    cl_platform_id ids[64];
    if (platforms > 64) platforms = 64;
    clGetPlatformIDs(platforms, ids, NULL);
    int listed = 0;
    for (cl_uint p = 0; p < platforms; p++) {
        char raw[1024], platform[1024], version[1024];
        raw[0] = '\0';
        clGetPlatformInfo(ids[p], CL_PLATFORM_NAME, sizeof raw, raw, NULL);
        text(platform, sizeof platform, raw);
        raw[0] = '\0';
        clGetPlatformInfo(ids[p], CL_PLATFORM_VERSION, sizeof raw, raw, NULL);
        text(version, sizeof version, raw);
        cl_uint devices = 0;
        if (clGetDeviceIDs(ids[p], CL_DEVICE_TYPE_ALL, 0, NULL, &devices) != CL_SUCCESS) continue;
        cl_device_id device_ids[64];
        if (devices > 64) devices = 64;
        clGetDeviceIDs(ids[p], CL_DEVICE_TYPE_ALL, devices, device_ids, NULL);
        for (cl_uint d = 0; d < devices; d++) {
            char name[1024], driver[1024], c_version[1024];
            cl_device_type type = 0;
            cl_uint units = 0;
            cl_ulong memory = 0;
            raw[0] = '\0';
            clGetDeviceInfo(device_ids[d], CL_DEVICE_NAME, sizeof raw, raw, NULL);
            text(name, sizeof name, raw);
            raw[0] = '\0';
            clGetDeviceInfo(device_ids[d], CL_DRIVER_VERSION, sizeof raw, raw, NULL);
            text(driver, sizeof driver, raw);
            raw[0] = '\0';
            clGetDeviceInfo(device_ids[d], CL_DEVICE_OPENCL_C_VERSION, sizeof raw, raw, NULL);
            text(c_version, sizeof c_version, raw);
            clGetDeviceInfo(device_ids[d], CL_DEVICE_TYPE, sizeof type, &type, NULL);
            clGetDeviceInfo(device_ids[d], CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL);
            clGetDeviceInfo(device_ids[d], CL_DEVICE_GLOBAL_MEM_SIZE, sizeof memory, &memory, NULL);
            size_t group = 0, items[3] = {0, 0, 0};
            cl_uint item_dims = 0;
            cl_ulong local = 0;
            clGetDeviceInfo(device_ids[d], CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof group, &group, NULL);
            clGetDeviceInfo(device_ids[d], CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, sizeof item_dims, &item_dims, NULL);
            if (item_dims >= 3) clGetDeviceInfo(device_ids[d], CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof items, items, NULL);
            clGetDeviceInfo(device_ids[d], CL_DEVICE_LOCAL_MEM_SIZE, sizeof local, &local, NULL);
            printf("device\t%u\t%u\t%s\t%s\t%s\t%s\t%s\t%u\t%s\t%llu\t%llu\t%llu,%llu,%llu\t%llu\n", p, d, platform, version, name, type_name(type),
                   driver, units, c_version, (unsigned long long)memory, (unsigned long long)group, (unsigned long long)items[0],
                   (unsigned long long)items[1], (unsigned long long)items[2], (unsigned long long)local);
            listed++;
        }
    }
    if (listed == 0) printf("none\tthe installed OpenCL platforms have no devices\n");
    return 0;
}
